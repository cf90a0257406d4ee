import { useClientStore } from '@study/client-state';
import { beginConfirmation } from '@study/open-humans-confirmation';
import { ApiError } from '@study/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useWithdrawFromStudy } from './api/withdraw-from-study';
import { withdrawnNavigation } from './withdrawn-address';

/** The authorization round trip that makes the confirmation recent again (architecture.md, 'Who may call what'). */
async function confirmWithOpenHumans(pgId: string): Promise<void> {
  window.location.assign(beginConfirmation(`/survey/${pgId}`));
}

/** Withdrawing needs a confirmation with Open Humans in the last 10 minutes (or a session on this browser at all). */
function needsConfirmation(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'RECENT_CONFIRMATION_REQUIRED' || error.code === 'SESSION_REQUIRED');
}

export type WithdrawStep = 'closed' | 'choose' | 'confirm';
export type DataChoice = 'keep' | 'erase';

export const UNREACHABLE_TEXT = 'Open Humans could not be reached, so nothing has changed: you are still in the study. Please try again in a few minutes.';

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 503) return UNREACHABLE_TEXT;
  if (error instanceof Error && error.message.trim() !== '') return `${error.message} Nothing has changed.`;
  return 'Something went wrong, and nothing has changed. Please try again.';
}

export interface WithdrawalOptions {
  pgId: string;
  /** The participant has withdrawn already: only erasing the data is left to offer. */
  withdrawn: boolean;
  /** Starts confirming with Open Humans, coming back to the dashboard; replaced in tests. */
  confirmIdentity?: (pgId: string) => Promise<void>;
}

/**
 * The withdraw panel's steps: closed, choosing what happens to the data, confirming; then
 * POST /api/user/withdraw, after which this browser forgets the study ID and the participant lands
 * on the page saying what happened. Focus follows the step; Escape goes back one.
 */
export function useWithdrawal({ pgId, withdrawn, confirmIdentity = confirmWithOpenHumans }: WithdrawalOptions) {
  const store = useClientStore();
  const { mutateAsync: withdrawFromStudy } = useWithdrawFromStudy();
  const navigate = useNavigate();
  const [step, setStep] = useState<WithdrawStep>('closed');
  const [choice, setChoice] = useState<DataChoice | null>(null);
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
  const choose = (chosen: DataChoice) => {
    setChoice(chosen);
    setMissingChoice(false);
  };

  return { ids, withdrawn, step, choice, choose, missingChoice, busy, failure, confirmFirst, firstOption, confirmHeading, open, close, back, onKeyDown, toConfirm, withdraw, confirmAgain };
}

export type WithdrawalState = ReturnType<typeof useWithdrawal>;
