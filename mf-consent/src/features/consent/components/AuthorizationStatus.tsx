import { Button, ButtonLink, Notice, Spinner } from '@study/ui';
import type { RefObject } from 'react';
import type { AuthorizationStep } from './use-authorization-request';

export interface AuthorizationStatusProps {
  step: AuthorizationStep;
  /** The study ID the other tab received for this request, once it has. */
  signedInAs: string | null;
  alreadyLoggedIn: boolean;
  /** Agree & Authorize Project may be pressed. */
  canAgree: boolean;
  onAgree: () => void;
  waitingRef: RefObject<HTMLDivElement | null>;
}

/** Under the form: the buttons to agree or not, the wait for the other tab, or its outcome. */
export function AuthorizationStatus({ step, signedInAs, alreadyLoggedIn, canAgree, onAgree, waitingRef }: AuthorizationStatusProps) {
  if (signedInAs !== null) {
    return (
      <div className="consent-waiting">
        <Notice style="success" title="Authorization complete">
          <p>
            Your study ID is <code className="consent-study-id">{signedInAs}</code>.
          </p>
          <ButtonLink to="/survey">Continue to Dashboard</ButtonLink>
        </Notice>
      </div>
    );
  }
  if (step.step === 'waiting') {
    return (
      <div className="consent-waiting" ref={waitingRef} tabIndex={-1}>
        <Spinner label="Waiting for OpenHumans Auth" />
        <p>
          Finish the authorization in the new tab; this page notices when you are done. If no tab opened,{' '}
          <a href={step.url} target="_blank" rel="noopener noreferrer">
            open the Open Humans authorization page
          </a>
          .
        </p>
      </div>
    );
  }
  if (alreadyLoggedIn) return null;
  return (
    <>
      {step.step === 'failed' && (
        <Notice style="danger" title="The authorization could not be started.">
          <p>{step.error}</p>
        </Notice>
      )}
      <div className="btn-row consent-actions">
        <ButtonLink to="/" variant="ghost">
          Disagree
        </ButtonLink>
        <Button disabled={!canAgree} onClick={onAgree}>
          Agree &amp; Authorize Project
        </Button>
      </div>
    </>
  );
}
