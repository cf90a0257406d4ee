import { Button, Notice } from '@study/ui';
import type { DataChoice, WithdrawalState } from '../use-withdrawal';

/** The confirming step: what withdrawing (or erasing) will do, and the last yes; a refusal is said here. */
export function WithdrawConfirmation({ state, choice }: { state: WithdrawalState; choice: DataChoice }) {
  const { ids, withdrawn, confirmHeading, failure, confirmFirst, busy, confirmAgain, withdraw, back } = state;
  return (
    <div id={`${ids}-form`} role="group" aria-labelledby={`${ids}-confirm-title`}>
      <h3 id={`${ids}-confirm-title`} ref={confirmHeading} tabIndex={-1}>
        {withdrawn ? 'Are you sure you want your data erased?' : 'Are you sure you want to withdraw?'}
      </h3>
      <p>
        {withdrawn
          ? 'Every answer and result the study holds about you will be erased, in every part of the study. This cannot be undone.'
          : choice === 'erase'
          ? 'You will be removed from the study’s Open Humans project, and every answer and result the study holds about you will be erased, in every part of the study. This cannot be undone.'
          : 'You will be removed from the study’s Open Humans project and your consent withdrawn. Your answers and results are kept for the research; you can consent again later with the same study ID.'}
      </p>
      {failure && <Notice style="danger">{failure}</Notice>}
      <div className="withdraw__actions">
        {confirmFirst && (
          <Button disabled={busy} onClick={confirmAgain}>
            Confirm it&apos;s you with Open Humans
          </Button>
        )}
        <Button variant="danger" disabled={busy} aria-busy={busy} onClick={() => void withdraw()}>
          {busy ? (withdrawn ? 'Erasing...' : 'Withdrawing...') : withdrawn ? 'Yes, erase my data' : choice === 'erase' ? 'Yes, withdraw and erase my data' : 'Yes, withdraw'}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={back}>
          Go back
        </Button>
      </div>
    </div>
  );
}
