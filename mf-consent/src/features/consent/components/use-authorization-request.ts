import { useEffect, useMemo, useRef, useState } from 'react';
import { rememberAgreement } from '../../../lib/agreement';
import { openAuthorization, type AuthorizationWindow } from '../api/authorization';

export type AuthorizationStep =
  | { step: 'reading' }
  | { step: 'waiting'; url: string; state: string }
  | { step: 'failed'; error: string };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Where starting the Open Humans authorization stands: `authorize` opens it in a new tab with the
 * consent version `versionId` agreed to kept for the request, and the waiting notice (on
 * `waitingRef`) takes the focus once it shows.
 */
export function useAuthorizationRequest(authorizationWindow: AuthorizationWindow, versionId: string | null) {
  const [step, setStep] = useState<AuthorizationStep>({ step: 'reading' });
  const waitingRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (step.step === 'waiting') waitingRef.current?.focus();
  }, [step.step]);

  // The agreement goes with the authorization request, for /return to send with the code.
  const requestWindow = useMemo<AuthorizationWindow>(
    () => ({
      ...authorizationWindow,
      beginRequest: () => {
        const state = authorizationWindow.beginRequest();
        if (versionId) rememberAgreement(state, { versionId, adult: true });
        return state;
      },
    }),
    [authorizationWindow, versionId],
  );

  // In the click itself: a browser lets a page open a tab only right after one.
  const authorize = () => {
    try {
      const { url, state } = openAuthorization(requestWindow);
      setStep({ step: 'waiting', url, state });
    } catch (error) {
      setStep({ step: 'failed', error: messageOf(error) });
    }
  };

  return { step, authorize, waitingRef };
}
