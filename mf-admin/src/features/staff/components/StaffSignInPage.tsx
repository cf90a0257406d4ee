import '../../../components/admin.css';
import './staff.css';
import { ADMIN_REMOTE } from '@study/navigation';
import { ButtonLink, Notice, Page, Spinner } from '@study/ui';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AdminNav } from '../../../components/AdminNav';
import { ROLE_LABELS } from '../../../session/capabilities';
import { SessionUnavailable } from '../../../session/SessionUnavailable';
import { SignInForm } from '../../../session/SignInForm';
import { useStaffSession } from '../../../session/staff-session';

const { pages } = ADMIN_REMOTE;
/** Where a sign-in may lead back to: the tools' own pages only (never another site). */
const RETURNS: ReadonlySet<string> = new Set(Object.values(pages).filter((page) => page !== pages.staffSignIn && page !== pages.staffSetup));

/** The page to go back to after signing in (`?next=/audit-trail`), when it is one of the tools'. */
export function returnPath(next: string | null): string | undefined {
  return next !== null && RETURNS.has(next) ? next : undefined;
}

/** /staff-sign-in: a person of the study team signs in, then goes back to the page that sent them here. */
export function StaffSignInPage() {
  const { status, session } = useStaffSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = returnPath(params.get('next'));

  return (
    <Page title="Sign in" lead="The study team's tools: each person signs in as themselves, and what they do is recorded under their name.">
      <AdminNav />
      {status.state === 'checking' && <Spinner label="Checking who is signed in..." />}
      {status.state === 'unavailable' && <SessionUnavailable message={status.message} />}
      {status.state === 'signed-out' && <SignInForm reason={status.reason} onSignedIn={() => next && navigate(next, { replace: true })} />}
      {session && (
        <Notice style="success" title={`You are signed in as ${session.staff.name} (${ROLE_LABELS[session.staff.role]}).`}>
          <p>Choose a tool above{next ? ', or go back to the page you came from' : ''}. New here? Add a passkey to your account on the Staff page, to sign in without typing a code.</p>
          {next && <ButtonLink to={next}>Go back</ButtonLink>}
        </Notice>
      )}
      <p className="admin-help">
        Added to the study team but not set up yet? <Link to={pages.staffSetup}>Set up your account</Link> with the code an owner gave you.
      </p>
    </Page>
  );
}
