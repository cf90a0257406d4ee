import './consent.css';
import { Button, ButtonLink, Checkbox, Notice, Page, Spinner } from '@study/ui';
import { useState } from 'react';
import { startAuthorization, type AuthorizationDeps } from '../api/authorization';
import { ConsentClock } from './ConsentClock';
import { ConsentText } from './ConsentText';

type Status = { step: 'reading' } | { step: 'waiting'; url: string } | { step: 'failed'; error: string };

export interface ConsentPageProps {
  /** Replaces the deployment config and window.open in tests. */
  authorization?: AuthorizationDeps;
}

export function ConsentPage({ authorization }: ConsentPageProps) {
  const [certified, setCertified] = useState(false);
  const [status, setStatus] = useState<Status>({ step: 'reading' });

  const authorize = () => {
    const result = startAuthorization(authorization);
    setStatus(result.started ? { step: 'waiting', url: result.url } : { step: 'failed', error: result.error });
  };

  return (
    <Page title="Consent to Take Part in Research" lead="Please read this form before deciding whether to take part.">
      <div className="btn-row consent-tools no-print">
        <Button variant="ghost" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <div className="card">
        <ConsentText />
        <div className="consent-sign">
          <Checkbox checked={certified} onChange={setCertified} name="certify">
            I certify that I am 18 years of age or older, and I agree to take part in this study.
          </Checkbox>
          <ConsentClock />
        </div>
      </div>

      {status.step === 'waiting' ? (
        <div className="consent-waiting">
          <Spinner label="Waiting for OpenHumans Auth" />
          <p>
            Finish the authorization in the new tab. If no tab opened,{' '}
            <a href={status.url} target="_blank" rel="noopener noreferrer">
              open the Open Humans authorization page
            </a>
            .
          </p>
        </div>
      ) : (
        <>
          {status.step === 'failed' && <Notice style="danger" title={status.error} />}
          <div className="btn-row consent-actions">
            <ButtonLink to="/" variant="ghost">
              Disagree
            </ButtonLink>
            <Button disabled={!certified} onClick={authorize}>
              Agree &amp; Authorize Project
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
