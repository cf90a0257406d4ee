import { useClientStore } from '@study/client-state';
import { recallConfirmation } from '@study/open-humans-confirmation';
import { ButtonLink, Notice, Page, Spinner } from '@study/ui';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { recallAgreement } from '../../../lib/agreement';
import { useConfirmSession } from '../api/confirm-session';
import { useExchangeCode } from '../api/exchange-code';
import { planReturn } from '../return-params';

/** Shown when this browser holds no agreement for the request: the server records no consent without one. */
export const AGREEMENT_NOT_FOUND =
  'Your agreement to the consent form (its version and your certification that you are 18 or older) was not found in this browser, so nothing was recorded. Please read the consent form again and agree in this browser; you may need to allow this site to store data.';

function messageOf(error: unknown): string | null {
  if (error === null) return null;
  return error instanceof Error ? error.message : String(error);
}

/**
 * /return: where Open Humans sends the participant after the authorization. Checks the answer,
 * exchanges the code for the study ID and opens the dashboard for it.
 */
export function ReturnPage() {
  const [query] = useSearchParams();
  const queryText = query.toString();
  const plan = useMemo(() => planReturn(new URLSearchParams(queryText)), [queryText]);
  const kept = useMemo(() => {
    if (plan.action !== 'exchange') return null;
    // A participant confirming who they are (not consenting): a session for this browser, then back where they were.
    const confirmation = recallConfirmation(plan.state);
    // What the participant agreed to on /consent for this request: without it nothing is sent (the code stays unspent).
    const agreement = confirmation ? undefined : recallAgreement(plan.state);
    return { code: plan.code, state: plan.state, confirmation, agreement };
  }, [plan]);
  const exchange = useExchangeCode(kept?.agreement ? { code: kept.code, state: kept.state, agreement: kept.agreement } : null);
  const confirm = useConfirmSession(kept?.confirmation ? { code: kept.code, state: kept.state } : null);
  const signIn = kept?.confirmation ? confirm : exchange;
  const store = useClientStore();
  const navigate = useNavigate();
  const done = useRef<unknown>(null);

  const answer = signIn.data;
  useEffect(() => {
    if (!kept || !answer || done.current === answer) return;
    done.current = answer;
    store.completeAuthorization({ state: kept.state, pgId: answer.pgId });
    navigate(kept.confirmation?.returnTo ?? `/survey/${answer.pgId}`, { replace: true });
  }, [kept, answer, store, navigate]);

  const reason = plan.action === 'fail' ? plan.reason : !kept?.confirmation && !kept?.agreement ? AGREEMENT_NOT_FOUND : messageOf(signIn.error);
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
