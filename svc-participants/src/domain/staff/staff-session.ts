import type { AuditBy, StaffMember, StaffSessionView } from '@study/contracts';
import { capabilitiesOf, createSessionToken, csrfTokenFor, sessionState, type StaffSession } from '@study/staff-auth';
import type { StaffAccountDocument } from '../../data-access/staff-accounts-repository';
import type { StaffDeps } from './deps';

export function staffMemberOf(account: StaffAccountDocument): StaffMember {
  return { id: account._id, name: account.name, email: account.email, role: account.role };
}

/** The person as the audit trail records them: their name and role as they are now. */
export function auditCallerOf(account: StaffAccountDocument): AuditBy {
  return { kind: 'staff', staffId: account._id, name: account.name, role: account.role };
}

/** What the admin pages are told about a session: who, what the role may do, the CSRF token, when it ends. */
export function sessionView(account: StaffAccountDocument, session: StaffSession, token: string, now: Date): StaffSessionView {
  const state = sessionState(session, now);
  const expiresAt = state.state === 'active' ? state.expiresAt : now;
  return {
    staff: staffMemberOf(account),
    capabilities: capabilitiesOf(account.role),
    csrfToken: csrfTokenFor(token),
    expiresAt: expiresAt.toISOString(),
    passkeys: account.passkeys.length,
  };
}

/** A new session for an account that has just proved who it is: the token for the cookie, and the view. */
export async function openStaffSession(deps: Pick<StaffDeps, 'sessions' | 'now'>, account: StaffAccountDocument): Promise<{ token: string; view: StaffSessionView }> {
  const { token, id } = createSessionToken();
  const now = deps.now();
  const session: StaffSession = { id, staffId: account._id, createdAt: now, lastSeenAt: now };
  await deps.sessions.create(session);
  return { token, view: sessionView(account, session, token, now) };
}
