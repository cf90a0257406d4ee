import './withdraw.css';
import { Button } from '@study/ui';
import { useWithdrawal } from '../use-withdrawal';
import { WithdrawChoice } from './WithdrawChoice';
import { WithdrawConfirmation } from './WithdrawConfirmation';

export { UNREACHABLE_TEXT } from '../use-withdrawal';

export interface WithdrawPanelProps {
  pgId: string;
  /** The participant has withdrawn already (consent withdrawn, data kept): only erasing the data is left to offer. */
  withdrawn?: boolean;
  /** Starts confirming with Open Humans, coming back to the dashboard; replaced in tests. */
  confirmIdentity?: (pgId: string) => Promise<void>;
}

/**
 * 'Withdraw from the study' on the dashboard: what leaving means, the choice to keep or erase the
 * data, a confirmation, then POST /api/user/withdraw. Afterwards this browser forgets the study
 * ID and the participant lands on a page saying what happened. Escape goes back a step.
 */
export function WithdrawPanel({ pgId, withdrawn = false, confirmIdentity }: WithdrawPanelProps) {
  const state = useWithdrawal({ pgId, withdrawn, confirmIdentity });
  const { ids, step, choice, open, onKeyDown } = state;
  return (
    <section className="card withdraw" aria-labelledby={`${ids}-title`} onKeyDown={onKeyDown}>
      {withdrawn ? (
        <>
          {/* Withdrawn already (here or on Open Humans): no 'Withdraw' to offer again; the data kept can still be erased. */}
          <h2 id={`${ids}-title`}>Your data in the study</h2>
          <p>
            You have withdrawn from the study, and the answers and results it already holds are kept for the research. If you would rather have them
            erased, you can do that here at any time.
          </p>
        </>
      ) : (
        <>
          <h2 id={`${ids}-title`}>Withdraw from the study</h2>
          <p>
            You can leave the study at any time, without giving a reason. Withdrawing removes you from the study's project
            on Open Humans, so the study can no longer read your Open Humans data, and withdraws your consent. You then
            choose what happens to the answers and results the study already holds: keep them for the research, or erase
            them. Your Open Humans account and the files in it stay yours.
          </p>
        </>
      )}
      {step === 'closed' && (
        <Button id={`${ids}-open`} variant="secondary" aria-expanded={false} aria-controls={`${ids}-form`} onClick={open}>
          {withdrawn ? 'Erase my answers and results...' : 'Withdraw from the study...'}
        </Button>
      )}

      {step === 'choose' && <WithdrawChoice state={state} />}
      {step === 'confirm' && choice !== null && <WithdrawConfirmation state={state} choice={choice} />}
    </section>
  );
}
