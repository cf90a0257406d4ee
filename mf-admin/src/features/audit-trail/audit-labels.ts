import { auditPersonLabel, type AuditAction, type AuditActor, type AuditBy } from '@study/contracts';
import { ROLE_LABELS } from '../../session/capabilities';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'consent.given': 'Consent given',
  'consent.withdrawn': 'Consent withdrawn',
  'participant.erased': 'Participant erased',
  'consent.renewed': 'Consent renewed',
  'mbti.uploaded': 'MBTI upload',
  'statistics.downloaded': 'Statistics download',
  'roster.downloaded': 'Roster download',
  'enrollment.viewed': 'Enrollment view',
  'audit.exported': 'Audit trail export',
  'analysis-export.downloaded': 'Analysis export download',
  'reminder.sent': 'Reminders sent',
  'consent-text.published': 'Consent text published',
  'staff-session.opened': 'Signed in',
  'staff-session.closed': 'Signed out',
  'staff.added': 'Team member added',
  'staff-role.changed': 'Role changed',
  'staff.removed': 'Team member removed',
  'staff-setup.completed': 'Account set up',
  'passkey.added': 'Passkey added',
  'access.refused': 'Refused to the role',
};

export const ACTOR_LABELS: Record<AuditActor, string> = {
  admin: 'Study team',
  participant: 'Participant',
  'open-humans': 'Open Humans',
  system: 'System',
};

/** The person behind a study-team entry: their name and role then, or the master key; nothing for the others' entries. */
export function personLabel(by: AuditBy | undefined): string | undefined {
  if (!by) return undefined;
  return by.kind === 'staff' ? `${by.name} (${ROLE_LABELS[by.role]})` : auditPersonLabel(by);
}
