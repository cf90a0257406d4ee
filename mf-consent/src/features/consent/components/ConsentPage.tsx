import './consent.css';
import { needsConsentAgain, useClientState, useClientStore } from '@study/client-state';
import type { ConsentTextView } from '@study/contracts';
import { Button, ButtonLink, Checkbox, ConsentDocument, EmailAddress, Notice, Page, readStudyConfig, Spinner } from '@study/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchConsentText } from '../../../api/consent-text';
import { rememberAgreement } from '../../../lib/agreement';
import { browserAuthorizationWindow, openAuthorization, type AuthorizationWindow } from '../api/authorization';
import { ConsentClock } from './ConsentClock';

type Step =
  | { step: 'reading' }
  | { step: 'waiting'; url: string; state: string }
  | { step: 'failed'; error: string };

export interface ConsentPageProps {
  /** Stores the request state and opens the new tab; replaced in tests. */
  authorizationWindow?: AuthorizationWindow;
  /** GET /api/consent/text; replaced in tests. */
  loadConsentText?: () => Promise<ConsentTextView>;
  /** The research team's address shown under the form (the deployment's contact address by default). */
  contactEmail?: string;
}

type TextState = { state: 'loading' } | { state: 'loaded'; version: ConsentTextView } | { state: 'failed'; error: string };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * /consent: the consent form. Agreeing opens the Open Humans authorization in a new tab and waits;
 * the study ID the other tab receives reaches this one through the shared client state.
 */
export function ConsentPage({
  authorizationWindow = browserAuthorizationWindow,
  loadConsentText = fetchConsentText,
  contactEmail = readStudyConfig().contactEmail,
}: ConsentPageProps) {
  const [certified, setCertified] = useState(false);
  const [text, setText] = useState<TextState>({ state: 'loading' });
  const [step, setStep] = useState<Step>({ step: 'reading' });
  const store = useClientStore();
  const pgId = useClientState((state) => state.pgId);
  const withdrawn = useClientState(needsConsentAgain);
  const authorization = useClientState((state) => state.authorization);
  const waitingRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (step.step === 'waiting') waitingRef.current?.focus();
  }, [step.step]);

  // The text is the server's current consent version: the one the agreement names.
  const loadText = useCallback(() => {
    let cancelled = false;
    setText({ state: 'loading' });
    loadConsentText().then(
      (version) => !cancelled && setText({ state: 'loaded', version }),
      (error: unknown) => !cancelled && setText({ state: 'failed', error: messageOf(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [loadConsentText]);
  useEffect(() => loadText(), [loadText]);

  const versionId = text.state === 'loaded' ? text.version.versionId : null;
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

  const signedIn = step.step === 'waiting' && authorization !== null && authorization.state === step.state;
  const alreadyLoggedIn = pgId !== null && !withdrawn && step.step !== 'waiting';

  return (
    <Page title="Consent to Take Part in Research" lead="Please read this form before deciding whether to take part.">
      {alreadyLoggedIn && (
        <Notice style="info" title="Already Logged In">
          <p>
            This browser is signed in with study ID <code className="consent-study-id">{pgId}</code>. You have consented
            already; the form is below for your records.
          </p>
          <div className="btn-row">
            <ButtonLink to="/survey">Continue to Dashboard</ButtonLink>
            {/* On a shared computer: forget this study ID here, so the next person starts afresh. */}
            <Button variant="secondary" onClick={() => store.signOut()}>
              Sign out
            </Button>
          </div>
        </Notice>
      )}
      {withdrawn && (
        <Notice style="warning" title="Please authorize the project again">
          <p>
            The Open Humans authorization for study ID <code className="consent-study-id">{pgId}</code> has been withdrawn. To
            continue, agree below and authorize the project again; the same Open Humans account keeps the same study ID.
          </p>
        </Notice>
      )}

      <div className="btn-row consent-tools no-print">
        <Button variant="ghost" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <div className="card">
        {text.state === 'loading' && <Spinner label="Loading the consent text..." />}
        {text.state === 'failed' && (
          <Notice style="danger" title="The consent text could not be loaded.">
            <p>{text.error}</p>
            <Button variant="secondary" onClick={() => loadText()}>
              Try again
            </Button>
          </Notice>
        )}
        {text.state === 'loaded' && (
          <>
            <p className="consent-version">
              Consent version <strong className="consent-version__id">{text.version.versionId}</strong>
            </p>
            <ConsentDocument text={text.version.text} className="consent-text" />
            {contactEmail && (
              <p className="consent-contact">
                Research team: <a href={`mailto:${contactEmail}`}>
                  <EmailAddress address={contactEmail} />
                </a>
              </p>
            )}
          </>
        )}
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

      {signedIn ? (
        <div className="consent-waiting">
          <Notice style="success" title="Authorization complete">
            <p>
              Your study ID is <code className="consent-study-id">{authorization.pgId}</code>.
            </p>
            <ButtonLink to="/survey">Continue to Dashboard</ButtonLink>
          </Notice>
        </div>
      ) : step.step === 'waiting' ? (
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
      ) : alreadyLoggedIn ? null : (
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
            <Button disabled={!certified || versionId === null} onClick={authorize}>
              Agree &amp; Authorize Project
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
