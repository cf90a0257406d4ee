import { AuthorizationStorageError } from '@study/client-state';
import { beginConfirmation } from '@study/open-humans-confirmation';
import { Button, ButtonLink, Notice } from '@study/ui';
import { useState } from 'react';

export interface ConfirmIdentityProps {
  pgId: string;
  /** Why the study asks (the server's message): no session on this browser, another participant's, or not recent enough. */
  reason: string;
  /** Where to come back to after confirming; default the participant's dashboard. */
  returnTo?: string;
  /** Forgets this study ID on this browser, to enter another one; none where that makes no sense. */
  onOtherStudyId?: () => void;
  /** Goes to the start of the authorization (GET /api/authorization); replaced in tests. */
  go?: (url: string) => void;
}

/**
 * 'Confirm it's you with Open Humans': the authorization round trip (the one the participant made
 * when consenting), which gives the same study ID back and begins a session on this browser.
 * Nothing of the participant's answers or results is shown before it.
 */
export function ConfirmIdentity({ pgId, reason, returnTo = `/survey/${pgId}`, onOtherStudyId, go = (url) => window.location.assign(url) }: ConfirmIdentityProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const start = () => {
    try {
      go(beginConfirmation(returnTo));
    } catch (error) {
      setProblem(error instanceof AuthorizationStorageError ? error.message : String(error));
    }
  };
  return (
    <section className="confirm-identity" aria-labelledby="confirm-identity-title">
      <h2 id="confirm-identity-title">Confirm it&apos;s you with Open Humans</h2>
      <p>{reason}</p>
      <p>
        You will go to Open Humans, sign in there if you are not already, and come straight back. Open Humans tells the study which study ID belongs to
        your account; nothing else changes.
      </p>
      {problem && (
        <Notice style="danger" title="Could not start">
          <p>{problem}</p>
        </Notice>
      )}
      <div className="btn-row">
        <Button onClick={start}>Confirm with Open Humans</Button>
        {onOtherStudyId && (
          <Button variant="secondary" onClick={onOtherStudyId}>
            Enter another study ID
          </Button>
        )}
        <ButtonLink to="/consent" variant="secondary">
          Yes I&apos;d Like to Participate
        </ButtonLink>
      </div>
    </section>
  );
}
