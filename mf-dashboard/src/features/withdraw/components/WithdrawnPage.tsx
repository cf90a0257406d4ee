import { ButtonLink, Page } from '@study/ui';
import { useLocation } from 'react-router-dom';
import { dataAfterWithdrawal } from '../withdrawn-address';

/**
 * /survey/withdrawn: where a participant lands after withdrawing, saying what happened. It states
 * an outcome only as the answer to a withdrawal that just happened (handed over by the
 * navigation, not the address): opened any other way it claims nothing.
 */
export function WithdrawnPage() {
  const data = dataAfterWithdrawal(useLocation().state);
  if (data === null) {
    return (
      <Page title="Withdrawing from the study">
        <p>
          This page confirms a withdrawal right after it happens, and there is none to confirm here: nothing has changed. To leave the study, open
          your dashboard and choose “Withdraw from the study”.
        </p>
        <ButtonLink to="/survey">Go to the Dashboard</ButtonLink>
      </Page>
    );
  }
  return (
    <Page title="You have left the study">
      <p>You have been removed from the study's project on Open Humans: the study can no longer read your Open Humans data.</p>
      {data === 'erased' && <p id="withdrawn-data">Your answers and results have been erased from every part of the study.</p>}
      {data === 'kept' && (
        <p id="withdrawn-data">
          Your consent is withdrawn. Your answers and results are kept for the research; if you change your mind, you can consent again with the same study ID.
        </p>
      )}
      <p>This browser no longer remembers your study ID. Thank you for the time you gave the study.</p>
      <ButtonLink to="/" variant="secondary">
        Back to the home page
      </ButtonLink>
    </Page>
  );
}
