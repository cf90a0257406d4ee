import { Button, ButtonLink, Notice } from '@study/ui';

export interface SignedInNoticesProps {
  /** The study ID this browser holds, if any. */
  pgId: string | null;
  /** Signed in, consented, and not in the middle of a new authorization. */
  alreadyLoggedIn: boolean;
  /** The stored study ID's authorization was withdrawn: it needs consent again. */
  withdrawn: boolean;
  onSignOut: () => void;
}

/** What the form says above itself to a browser that holds a study ID already. */
export function SignedInNotices({ pgId, alreadyLoggedIn, withdrawn, onSignOut }: SignedInNoticesProps) {
  return (
    <>
      {alreadyLoggedIn && (
        <Notice style="info" title="Already Logged In">
          <p>
            This browser is signed in with study ID <code className="consent-study-id">{pgId}</code>. You have consented
            already; the form is below for your records.
          </p>
          <div className="btn-row">
            <ButtonLink to="/survey">Continue to Dashboard</ButtonLink>
            {/* On a shared computer: forget this study ID here, so the next person starts afresh. */}
            <Button variant="secondary" onClick={onSignOut}>
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
    </>
  );
}
