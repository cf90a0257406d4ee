import './withdraw.css';
import { useClientStore } from '@study/client-state';
import { beginConfirmation } from '@study/open-humans-confirmation';
import { ApiError, Button, Notice } from '@study/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useWithdrawFromStudy } from '../api/withdraw-from-study';
import { withdrawnNavigation } from '../withdrawn-address';

export interface WithdrawPanelProps {
  pgId: string;
  /** The participant has withdrawn already (consent withdrawn, data kept): only erasing the data is left to offer. */
  withdrawn?: boolean;
  /** Starts confirming with Open Humans, coming back to the dashboard; replaced in tests. */
  confirmIdentity?: (pgId: string) => Promise<void>;
}

/** The authorization round trip that makes the confirmation recent again (architecture.md, 'Who may call what'). */
async function confirmWithOpenHumans(pgId: string): Promise<void> {
  window.location.assign(beginConfirmation(`/survey/${pgId}`));
}

/** Withdrawing needs a confirmation with Open Humans in the last 10 minutes (or a session on this browser at all). */
function needsConfirmation(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'RECENT_CONFIRMATION_REQUIRED' || error.code === 'SESSION_REQUIRED');
}

type Step = 'closed' | 'choose' | 'confirm';
type Choice = 'keep' | 'erase';

export const UNREACHABLE_TEXT = 'Open Humans could not be reached, so nothing has changed: you are still in the study. Please try again in a few minutes.';

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 503) return UNREACHABLE_TEXT;
  if (error instanceof Error && error.message.trim() !== '') return `${error.message} Nothing has changed.`;
  return 'Something went wrong, and nothing has changed. Please try again.';
}

/**
 * 'Withdraw from the study' on the dashboard: what leaving means, the choice to keep or erase the
 * data, a confirmation, then POST /api/user/withdraw. Afterwards this browser forgets the study
 * ID and the participant lands on a page saying what happened. Escape goes back a step.
 */
export function WithdrawPanel({ pgId, withdrawn = false, confirmIdentity = confirmWithOpenHumans }: WithdrawPanelProps) {
  const store = useClientStore();
  const { mutateAsync: withdrawFromStudy } = useWithdrawFromStudy();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('closed');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [missingChoice, setMissingChoice] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmFirst, setConfirmFirst] = useState(false);
  const ids = useId();
  const firstOption = useRef<HTMLInputElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  // Focus follows the step, so a keyboard user is always where the next action is.
  useEffect(() => {
    if (step === 'choose') firstOption.current?.focus();
    if (step === 'confirm') confirmHeading.current?.focus();
  }, [step]);

  const close = () => {
    setStep('closed');
    setChoice(null);
    setMissingChoice(false);
    setFailure(null);
    // After React has put the button back.
    setTimeout(() => document.getElementById(`${ids}-open`)?.focus(), 0);
  };
  const back = () => {
    if (busy) return;
    // Withdrawn already: erasing is the only choice, so there is no choosing step to go back to.
    if (step === 'confirm' && !withdrawn) setStep('choose');
    else close();
  };
  const open = () => {
    if (withdrawn) {
      setChoice('erase');
      setStep('confirm');
    } else setStep('choose');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && step !== 'closed') {
      event.preventDefault();
      back();
    }
  };
  const toConfirm = () => {
    if (choice === null) {
      setMissingChoice(true);
      return;
    }
    setFailure(null);
    setStep('confirm');
  };
  const withdraw = async () => {
    if (choice === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await withdrawFromStudy({ pgId, erase: choice === 'erase' });
      store.signOut();
      const { to, state } = withdrawnNavigation(result.outcome === 'erased' ? 'erased' : 'kept');
      navigate(to, { replace: true, state });
    } catch (error) {
      setConfirmFirst(needsConfirmation(error));
      setFailure(failureText(error));
      setBusy(false);
    }
  };
  const confirmAgain = () => {
    setBusy(true);
    confirmIdentity(pgId).catch((error: unknown) => {
      setFailure(failureText(error));
      setBusy(false);
    });
  };

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

      {step === 'choose' && (
        <div id={`${ids}-form`}>
          <fieldset className="withdraw__choice" aria-describedby={missingChoice ? `${ids}-missing` : undefined}>
            <legend className="withdraw__legend">What should happen to your data?</legend>
            <label className="withdraw__option">
              <input ref={firstOption} type="radio" name={`${ids}-data`} value="keep" checked={choice === 'keep'} onChange={() => (setChoice('keep'), setMissingChoice(false))} />
              <span>Keep my answers and results for the study's research (only my consent is withdrawn)</span>
            </label>
            <label className="withdraw__option">
              <input type="radio" name={`${ids}-data`} value="erase" checked={choice === 'erase'} onChange={() => (setChoice('erase'), setMissingChoice(false))} />
              <span>Also erase my answers and results from the study (this cannot be undone)</span>
            </label>
          </fieldset>
          {missingChoice && (
            <p id={`${ids}-missing`} className="withdraw__error" role="alert">
              Choose whether to keep or erase your data.
            </p>
          )}
          <div className="withdraw__actions">
            <Button variant="danger" onClick={toConfirm}>
              Continue
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </div>
      )}

      {step === 'confirm' && choice !== null && (
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
      )}
    </section>
  );
}
