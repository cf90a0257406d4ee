import { ButtonLink, Page } from '@study/ui';
import { useLocation } from 'react-router-dom';
import { dataAfterWithdrawal } from '../withdrawn-address';

/** /survey/withdrawn?data=erased|kept: where a participant lands after withdrawing. */
export function WithdrawnPage() {
  const data = dataAfterWithdrawal(useLocation().search);
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
