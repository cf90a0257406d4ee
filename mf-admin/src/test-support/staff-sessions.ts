// Sessions as GET /api/admin/session answers them, one per role, with the capabilities the
// server's permission table gives each (@study/staff-auth's roles, written out here: the pages
// read capabilities only from the session answer).
import type { StaffRoleName, StaffSessionView } from '@study/contracts';
import { adminCall, type AdminClient } from '../api/admin-api';

const VIEWER = ['session.view', 'session.end', 'passkeys.challenge', 'passkeys.add', 'staff.view', 'enrollment.view', 'audit.view', 'audit.view-v1', 'audit.export', 'download-link.create'];
const DATA_MANAGER = [...VIEWER, 'mbti.upload', 'typefinder.import', 'statistics.download', 'roster.download', 'roster.download-by-key', 'analysis-export.download', 'analysis-export.dictionary'];
const OWNER = [...DATA_MANAGER, 'consent-versions.view', 'consent-versions.publish', 'reminders.preview', 'reminders.send', 'staff.manage', 'staff.change-role', 'staff.remove'];

export const ROLE_CAPABILITIES: Record<StaffRoleName, readonly string[]> = { owner: OWNER, 'data-manager': DATA_MANAGER, viewer: VIEWER };

const PEOPLE: Record<StaffRoleName, { id: string; name: string; email: string }> = {
  owner: { id: '0b8f4a52-6c1e-4f3a-9d2b-7e5c1a2b3c4d', name: 'Olive Owner', email: 'olive@study.example' },
  'data-manager': { id: '1c9e5b63-7d2f-4a4b-8e3c-8f6d2b3c4d5e', name: 'Dana Data', email: 'dana@study.example' },
  viewer: { id: '2da06c74-8e30-4b5c-9f4d-907e3c4d5e6f', name: 'Victor Viewer', email: 'victor@study.example' },
};

/** A session of the person of that role, with a CSRF token of its own. */
export function staffSession(role: StaffRoleName, overrides: Partial<StaffSessionView> = {}): StaffSessionView {
  return {
    staff: { ...PEOPLE[role], role },
    capabilities: [...ROLE_CAPABILITIES[role]],
    csrfToken: `csrf-${role}-token`,
    expiresAt: '2026-03-01T12:30:00.000Z',
    passkeys: 0,
    ...overrides,
  };
}

/** The admin calls as a page signed in with this session makes them (its CSRF token), for testing an api module alone. */
export function clientOf(session: StaffSessionView = staffSession('owner')): AdminClient {
  return { call: (route, input) => adminCall(route, input, { csrfToken: session.csrfToken }) };
}
