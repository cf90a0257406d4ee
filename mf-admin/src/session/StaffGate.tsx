import { Notice, Spinner } from '@study/ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { mayUse, ROLE_LABELS, type PageAccess } from './capabilities';
import { SessionUnavailable } from './SessionUnavailable';
import { SignInForm } from './SignInForm';
import { useStaffSession } from './staff-session';

/** Says that the signed-in person's role does not include something, in the pages' words. */
export function RoleRefusal({ what }: { what: string }) {
  const { session } = useStaffSession();
  const role = session ? ROLE_LABELS[session.staff.role] : 'none';
  return (
    <Notice style="warning" title={`Your role (${role}) does not include ${what}.`}>
      <p>Ask an owner of the study team if you need it; the server refuses it to your role too.</p>
    </Notice>
  );
}

/** Shows its content only while the signed-in person's role holds the capability; otherwise says so. */
export function IfAllowed({ allowed, what, children }: { allowed: boolean; what: string; children: ReactNode }) {
  return allowed ? <>{children}</> : <RoleRefusal what={what} />;
}

/**
 * A tool page's content, for the person signed in whose role may use it: while nobody is, the
 * sign-in form in its place (the page comes back as it was once they sign in again); for a role
 * that may not, a message saying so.
 */
export function StaffGate({ access, children }: { access: PageAccess; children: ReactNode }) {
  const { status, can, heldFor } = useStaffSession();
  const tools = useRef<HTMLDivElement>(null);
  // After signing in here, the focus goes to the tools that took the form's place (it was in the form, now gone).
  const wasSignedOut = useRef(false);
  useEffect(() => {
    if (status.state === 'signed-out') wasSignedOut.current = true;
    else if (status.state === 'signed-in' && wasSignedOut.current) {
      wasSignedOut.current = false;
      tools.current?.focus();
    }
  }, [status.state]);
  if (status.state === 'checking') return <Spinner label="Checking who is signed in..." />;
  if (status.state === 'unavailable') return <SessionUnavailable message={status.message} />;
  const signedIn = status.state === 'signed-in';
  const refused = signedIn && !mayUse(access, can);
  // The tools of the person last signed in stay mounted, hidden, while they sign in again: what
  // they typed is still there. Another person signing in gets the page afresh (keyed by person).
  const holder = signedIn ? status.session.staff.id : heldFor;
  return (
    <>
      {status.state === 'signed-out' && <SignInForm reason={status.reason} withHeading />}
      {refused && <RoleRefusal what={access.what} />}
      {holder !== undefined && !refused && (
        <div key={holder} ref={tools} className="admin-tools" hidden={!signedIn} tabIndex={-1}>
          {children}
        </div>
      )}
    </>
  );
}
