import { ADMIN_REMOTE } from '@study/navigation';
import { Button, Notice } from '@study/ui';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { mayUse, ROLE_LABELS, TOOL_PAGES, type ToolPageName } from '../session/capabilities';
import { useStaffSession } from '../session/staff-session';
import { messageOf } from '../lib/message-of';

const { pages } = ADMIN_REMOTE;
const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'admin-nav__link admin-nav__link--active' : 'admin-nav__link');

/** Who is signed in, with Sign out; or, where the page works without signing in, the way to sign in. */
function AccountBar({ signInLink }: { signInLink: boolean }) {
  const { session, status, signOut } = useStaffSession();
  const { pathname } = useLocation();
  const [failed, setFailed] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const leave = async () => {
    setLeaving(true);
    setFailed(null);
    try {
      await signOut();
    } catch (error) {
      setFailed(messageOf(error));
    } finally {
      setLeaving(false);
    }
  };

  if (session) {
    return (
      <div className="admin-account">
        <p className="admin-account__who">{`Signed in as ${session.staff.name} (${ROLE_LABELS[session.staff.role]})`}</p>
        <Button variant="secondary" className="admin-account__sign-out" onClick={() => void leave()} disabled={leaving}>
          Sign out
        </Button>
        {failed && (
          <Notice style="danger" title="You could not be signed out.">
            <p>{failed}</p>
          </Notice>
        )}
      </div>
    );
  }
  if (!signInLink || status.state === 'checking') return null;
  return (
    <div className="admin-account">
      <p className="admin-account__who">Not signed in.</p>
      <Link className="admin-nav__link" to={`${pages.staffSignIn}?next=${encodeURIComponent(pathname)}`}>
        Sign in
      </Link>
    </div>
  );
}

export interface AdminNavProps {
  /** The way to sign in beside the links, for a page that works without signing in (the roster). */
  signInLink?: boolean;
}

/** Moves between the study team's pages: those the signed-in person's role may use, and the roster (its master key form needs no sign-in). */
export function AdminNav({ signInLink = false }: AdminNavProps) {
  const { can } = useStaffSession();
  const shown = (Object.entries(TOOL_PAGES) as [ToolPageName, (typeof TOOL_PAGES)[ToolPageName]][]).filter(([, access]) => mayUse(access, can));
  return (
    <div className="admin-bar">
      <nav className="admin-nav" aria-label="Study team tools">
        <ul>
          {shown.map(([page, { label }]) => (
            <li key={page}>
              <NavLink to={pages[page]} className={linkClass}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <AccountBar signInLink={signInLink} />
    </div>
  );
}
