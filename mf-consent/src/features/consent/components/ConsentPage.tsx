import './consent.css';
import { needsConsentAgain, useClientState, useClientStore } from '@study/client-state';
import { Button, Checkbox, Page, readStudyConfig } from '@study/ui';
import { useState } from 'react';
import { useConsentText } from '../../../api/get-consent-text';
import { browserAuthorizationWindow, type AuthorizationWindow } from '../api/authorization';
import { AuthorizationStatus } from './AuthorizationStatus';
import { ConsentClock } from './ConsentClock';
import { ConsentText } from './ConsentText';
import { SignedInNotices } from './SignedInNotices';
import { useAuthorizationRequest } from './use-authorization-request';

export interface ConsentPageProps {
  /** Stores the request state and opens the new tab; replaced in tests. */
  authorizationWindow?: AuthorizationWindow;
  /** The research team's address shown under the form (the deployment's contact address by default). */
  contactEmail?: string;
}

/**
 * /consent: the consent form. Agreeing opens the Open Humans authorization in a new tab and waits;
 * the study ID the other tab receives reaches this one through the shared client state.
 */
export function ConsentPage({ authorizationWindow = browserAuthorizationWindow, contactEmail = readStudyConfig().contactEmail }: ConsentPageProps) {
  const [certified, setCertified] = useState(false);
  // The text is the server's current consent version: the one the agreement names.
  const text = useConsentText();
  const versionId = text.isSuccess && !text.isFetching ? text.data.versionId : null;
  const { step, authorize, waitingRef } = useAuthorizationRequest(authorizationWindow, versionId);
  const store = useClientStore();
  const pgId = useClientState((state) => state.pgId);
  const withdrawn = useClientState(needsConsentAgain);
  const authorization = useClientState((state) => state.authorization);

  const signedIn = step.step === 'waiting' && authorization !== null && authorization.state === step.state;
  const alreadyLoggedIn = pgId !== null && !withdrawn && step.step !== 'waiting';

  return (
    <Page title="Consent to Take Part in Research" lead="Please read this form before deciding whether to take part.">
      <SignedInNotices pgId={pgId} alreadyLoggedIn={alreadyLoggedIn} withdrawn={withdrawn} onSignOut={() => store.signOut()} />

      <div className="btn-row consent-tools no-print">
        <Button variant="ghost" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <div className="card">
        <ConsentText text={text} contactEmail={contactEmail} />
        {/* Signed in already: nothing to agree to again, so no checkbox without a button. */}
        <div className="consent-sign">
          {!alreadyLoggedIn && (
            <Checkbox checked={certified} onChange={setCertified} name="certify">
              I certify that I am 18 years of age or older, and I agree to take part in this study.
            </Checkbox>
          )}
          <ConsentClock />
        </div>
      </div>

      <AuthorizationStatus
        step={step}
        signedInAs={signedIn ? authorization.pgId : null}
        alreadyLoggedIn={alreadyLoggedIn}
        canAgree={certified && versionId !== null}
        onAgree={authorize}
        waitingRef={waitingRef}
      />
    </Page>
  );
}
