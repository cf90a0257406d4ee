import { useClientStore } from '@study/client-state';
import { recallConfirmation } from '@study/open-humans-confirmation';
import type { ConsentResponse, SessionResponse } from '@study/contracts';
import { ButtonLink, Notice, Page, Spinner } from '@study/ui';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { recallAgreement, type ConsentAgreement } from '../../../lib/agreement';
import { exchangeCode, onceForCode } from '../api/consent';
import { confirmWithCode } from '../api/session';
import { planReturn } from '../return-params';

export interface ReturnPageProps {
  /** POST /api/consent; replaced in tests. */
  exchange?: (code: string, state: string, agreement: ConsentAgreement) => Promise<ConsentResponse>;
  /** POST /api/session; replaced in tests. */
  confirm?: (code: string, state: string) => Promise<SessionResponse>;
}

/** Shown when this browser holds no agreement for the request: the server records no consent without one. */
export const AGREEMENT_NOT_FOUND =
  'Your agreement to the consent form (its version and your certification that you are 18 or older) was not found in this browser, so nothing was recorded. Please read the consent form again and agree in this browser; you may need to allow this site to store data.';

/**
 * /return: where Open Humans sends the participant after the authorization. Checks the answer,
 * exchanges the code for the study ID and opens the dashboard for it.
 */
export function ReturnPage({ exchange = exchangeCode, confirm = confirmWithCode }: ReturnPageProps) {
  const [query] = useSearchParams();
  const queryText = query.toString();
  const plan = useMemo(() => planReturn(new URLSearchParams(queryText)), [queryText]);
  const [failure, setFailure] = useState<{ for: string; reason: string } | null>(null);
  const store = useClientStore();
  const navigate = useNavigate();

  useEffect(() => {
    if (plan.action !== 'exchange') return;
    let cancelled = false;
    // A participant confirming who they are (not consenting): a session for this browser, then back where they were.
    const confirmation = recallConfirmation(plan.state);
    // What the participant agreed to on /consent for this request: without it nothing is sent (the code stays unspent).
    const agreement = confirmation ? undefined : recallAgreement(plan.state);
    if (!confirmation && !agreement) {
      setFailure({ for: queryText, reason: AGREEMENT_NOT_FOUND });
      return;
    }
    const answer = onceForCode(plan.code, () => (agreement ? exchange(plan.code, plan.state, agreement) : confirm(plan.code, plan.state)));
    answer.then(
      ({ pgId }) => {
        if (cancelled) return;
        store.completeAuthorization({ state: plan.state, pgId });
        navigate(confirmation?.returnTo ?? `/survey/${pgId}`, { replace: true });
      },
      (error: unknown) => {
        if (!cancelled) setFailure({ for: queryText, reason: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [plan, exchange, confirm, store, navigate, queryText]);

  const reason = plan.action === 'fail' ? plan.reason : failure?.for === queryText ? failure.reason : null;
  if (reason === null) {
    return (
      <Page title="Signing you in">
        <Spinner label="Loading..." />
      </Page>
    );
  }
  return (
    <Page title="An error occurred" lead="We could not finish connecting your Open Humans account to the study.">
      <Notice style="danger" title="What went wrong">
        <p>{reason}</p>
      </Notice>
      <div className="btn-row">
        <ButtonLink to="/consent">Back</ButtonLink>
      </div>
    </Page>
  );
}
