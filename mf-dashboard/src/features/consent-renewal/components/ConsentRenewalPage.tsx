import './consent-renewal.css';
import type { ConsentRenewal } from '@study/contracts';
import { Button, ButtonLink, Checkbox, ConsentDocument, Notice, Page, Spinner } from '@study/ui';
import { useState } from 'react';
import { useConsentText } from '../api/get-consent-text';
import { useRenewConsent } from '../api/renew-consent';

export interface ConsentRenewalPageProps {
  pgId: string;
  renewal: ConsentRenewal;
  /** The consent is recorded: open the dashboard (load the participant again). */
  onAgreed: () => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Before the dashboard opens: the consent text changed since the participant agreed, so they
 * read the new one and agree again (or leave). No new Open Humans authorization is needed.
 */
export function ConsentRenewalPage({ pgId, renewal, onAgreed }: ConsentRenewalPageProps) {
  const text = useConsentText();
  const renew = useRenewConsent();
  const [certified, setCertified] = useState(false);
  // Once recorded, the page stays as it is until the dashboard, loading again, replaces it.
  const saving = renew.isPending || renew.isSuccess;
  const agree = (versionId: string) => renew.mutate({ pgId, versionId }, { onSuccess: onAgreed });

  const version = text.isFetching ? null : (text.data ?? null);
  return (
    <Page title="The consent form has changed" lead="Please read the new consent form and agree to it before you continue with the study.">
      <Notice style="info" title="Please agree again">
        <p>
          {renewal.agreedVersionId ? (
            <>
              You agreed to version <strong>{renewal.agreedVersionId}</strong> of the consent form. Version{' '}
              <strong>{renewal.versionId}</strong> has been published since.
            </>
          ) : (
            <>
              Version <strong>{renewal.versionId}</strong> of the consent form has been published since you agreed.
            </>
          )}{' '}
          Your study ID and your answers stay as they are.
        </p>
      </Notice>
      <div className="btn-row consent-renewal__tools">
        <Button variant="ghost" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <div className="card">
        {(text.isFetching || text.isPending) && <Spinner label="Loading the consent text..." />}
        {text.isError && !text.isFetching && (
          <Notice style="danger" title="The consent text could not be loaded.">
            <p>{messageOf(text.error)}</p>
            <Button variant="secondary" onClick={() => void text.refetch()}>
              Try again
            </Button>
          </Notice>
        )}
        {version && (
          <>
            <p className="consent-renewal__version">
              Consent version <strong className="consent-renewal__version-id">{version.versionId}</strong>
            </p>
            <ConsentDocument text={version.text} />
            <div className="consent-renewal__sign">
              <Checkbox checked={certified} onChange={setCertified} name="certify">
                I certify that I am 18 years of age or older, and I agree to take part in this study.
              </Checkbox>
            </div>
          </>
        )}
      </div>
      {renew.isError && (
        <Notice style="danger" title="Your agreement could not be recorded.">
          <p>{messageOf(renew.error)}</p>
        </Notice>
      )}
      <div className="btn-row consent-renewal__actions">
        <ButtonLink to="/" variant="ghost">
          Disagree
        </ButtonLink>
        <Button disabled={!certified || !version || saving} aria-busy={saving} onClick={() => version && agree(version.versionId)}>
          Agree
        </Button>
      </div>
    </Page>
  );
}
