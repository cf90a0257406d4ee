import { z } from 'zod';
import { pgIdSchema } from './ids';

/**
 * The audit trail (issue 13): every admin action and every consent, withdrawal and erasure is
 * appended to an audit log that nobody can edit through the app. The admin page lists it
 * (GET /api/admin/audit) and exports it as CSV (GET /api/admin/audit/export, through a signed
 * download link). No entry ever holds the master key or a token: details are counts and names.
 */

/**
 * What an entry records, named once here: a use case records one of these and nothing else.
 * Some belong to features that record them as they are built (reminders, the analysis export,
 * consent renewals).
 */
export const AuditActions = {
  /** A participant consented (participants.participant.consented.v1). */
  consentGiven: 'consent.given',
  /** A participant withdrew, keeping their data (participants.consent.withdrawn.v1). */
  consentWithdrawn: 'consent.withdrawn',
  /** A participant was erased (participants.participant.erased.v1). */
  participantErased: 'participant.erased',
  /** A participant agreed again to a newer consent text. */
  consentRenewed: 'consent.renewed',
  /** POST /api/user/mbti, with its counts. */
  mbtiUploaded: 'mbti.uploaded',
  /** GET /api/stats. */
  statisticsDownloaded: 'statistics.downloaded',
  /** GET /api/ohready/{masterKey}. */
  rosterDownloaded: 'roster.downloaded',
  /** GET /api/admin/enrollment. */
  enrollmentViewed: 'enrollment.viewed',
  /** GET /api/admin/audit/export, with its filters. */
  auditExported: 'audit.exported',
  /** The analysis export or its data dictionary downloaded. */
  analysisExportDownloaded: 'analysis-export.downloaded',
  /** Reminders sent to the members of one step. */
  reminderSent: 'reminder.sent',
  /** A new consent text published (POST /api/admin/consent-versions). */
  consentTextPublished: 'consent-text.published',
  /** A person of the study team signed in (details: method, password or passkey). */
  staffSignedIn: 'staff-session.opened',
  /** A person of the study team signed out. */
  staffSignedOut: 'staff-session.closed',
  /** An account added to the study team (details: the new person's id, name and role). */
  staffAdded: 'staff.added',
  /** A person's role changed (details: their id, name, the role before and after). */
  staffRoleChanged: 'staff-role.changed',
  /** A person removed from the study team (details: their id, name and role). */
  staffRemoved: 'staff.removed',
  /** A new account's set-up finished: password and authenticator app chosen. */
  staffSetUp: 'staff-setup.completed',
  /** A passkey registered for the person signed in. */
  passkeyAdded: 'passkey.added',
  /** A study-team call refused because the caller's role may not make it (403; details: route and capability). */
  accessRefused: 'access.refused',
} as const;
export type AuditAction = (typeof AuditActions)[keyof typeof AuditActions];

/**
 * The actions GET /api/admin/audit answered before staff accounts: that route keeps answering only
 * these (admin pages of an earlier release parse the action as one of them); the entries of every
 * action are at GET /api/admin/audit/entries.
 */
export const auditActionsV1 = [
  AuditActions.consentGiven,
  AuditActions.consentWithdrawn,
  AuditActions.participantErased,
  AuditActions.consentRenewed,
  AuditActions.mbtiUploaded,
  AuditActions.statisticsDownloaded,
  AuditActions.rosterDownloaded,
  AuditActions.enrollmentViewed,
  AuditActions.auditExported,
  AuditActions.analysisExportDownloaded,
  AuditActions.reminderSent,
  AuditActions.consentTextPublished,
] as const satisfies readonly AuditAction[];
export const auditActions = Object.values(AuditActions) as [AuditAction, ...AuditAction[]];
export const auditActionSchema = z.enum(auditActions);

/** Who did it: the study team, the participant, Open Humans on the participant's behalf (deauthorization), or the system. */
export const auditActors = ['admin', 'participant', 'open-humans', 'system'] as const;
export const auditActorSchema = z.enum(auditActors);
export type AuditActor = z.infer<typeof auditActorSchema>;

/**
 * Which person of the study team did it, for the study team's entries: the person signed in (their
 * name and role when it happened), the master key used as a break-glass (nobody in particular), or
 * the server's command line (`npm run staff`, whoever operates the server).
 */
export const auditByStaffSchema = z.object({ kind: z.literal('staff'), staffId: z.uuid(), name: z.string(), role: z.enum(['owner', 'data-manager', 'viewer']) });
export const auditByMasterKeySchema = z.object({ kind: z.literal('master-key') });
export const auditByCommandLineSchema = z.object({ kind: z.literal('command-line') });
export const auditBySchema = z.discriminatedUnion('kind', [auditByStaffSchema, auditByMasterKeySchema, auditByCommandLineSchema]);
export type AuditBy = z.infer<typeof auditBySchema>;
/** How the CSV and the page name the break-glass. */
export const AUDIT_MASTER_KEY_LABEL = 'master key (break-glass)';
/** How the CSV and the page name the server's command line. */
export const AUDIT_COMMAND_LINE_LABEL = 'server command line';

/** How the CSV and the page name who of the study team did it (the page adds the role). */
export function auditPersonLabel(by: AuditBy): string {
  if (by.kind === 'staff') return by.name;
  return by.kind === 'master-key' ? AUDIT_MASTER_KEY_LABEL : AUDIT_COMMAND_LINE_LABEL;
}

/** The longest text a detail may hold. */
export const AUDIT_DETAIL_TEXT_MAX = 200;
/** The most details one entry may hold. */
export const AUDIT_DETAILS_MAX = 20;

/** What an entry says besides who and what: counts, names, flags (never a key or a token). */
export const auditDetailsSchema = z
  .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/), z.union([z.number(), z.boolean(), z.string().max(AUDIT_DETAIL_TEXT_MAX), z.null()]))
  .refine((details) => Object.keys(details).length <= AUDIT_DETAILS_MAX, { message: `must hold at most ${AUDIT_DETAILS_MAX} entries` });
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

/** One entry as the admin page and the export show it. */
export const auditEntrySchema = z.object({
  id: z.string().min(1).max(200),
  at: z.iso.datetime({ offset: true }),
  action: auditActionSchema,
  actor: auditActorSchema,
  /** The person of the study team (or the master key) behind a study-team entry. */
  by: auditBySchema.optional(),
  pgId: z.string().optional(),
  details: auditDetailsSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** An entry of GET /api/admin/audit (the earlier release's route): the actions of auditActionsV1 only. */
export const auditEntryV1Schema = auditEntrySchema.extend({
  action: z.enum(auditActionsV1),
  // The command line only adds people (staff.added), an action this route does not answer.
  by: z.discriminatedUnion('kind', [auditByStaffSchema, auditByMasterKeySchema]).optional(),
});

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day YYYY-MM-DD (UTC) or a date-time with an offset, within 2000..9999. */
const auditDateSchema = z.string().refine(
  (value) => {
    const day = DAY.exec(value);
    if (day) {
      const date = new Date(`${value}T00:00:00.000Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && Number(day[1]) >= 2000;
    }
    if (!z.iso.datetime({ offset: true }).safeParse(value).success) return false;
    const date = new Date(value);
    return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 2000;
  },
  { message: 'must be a date YYYY-MM-DD (from the year 2000) or a date-time with its offset' },
);

/** Where a filter's `from` starts: the start of its day (UTC) for a calendar day. */
export function auditRangeStart(value: string): Date {
  return DAY.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
}

/** Where a filter's `to` ends (exclusive): the end of its day (UTC) for a calendar day, else just after the instant. */
export function auditRangeEnd(value: string): Date {
  const start = auditRangeStart(value);
  return new Date(start.getTime() + (DAY.test(value) ? 86_400_000 : 1));
}

const auditFilterFields = {
  action: auditActionSchema.optional(),
  actor: auditActorSchema.optional(),
  /** One person of the study team's entries (their account id), 'master-key' for the break-glass's, or 'command-line' for the server's command line's. */
  by: z.union([z.uuid(), z.literal('master-key'), z.literal('command-line')]).optional(),
  pgId: pgIdSchema.optional(),
  /** The first day (or instant) shown, inclusive. */
  from: auditDateSchema.optional(),
  /** The last day (or instant) shown, inclusive. */
  to: auditDateSchema.optional(),
};

const fromNotAfterTo = (filters: { from?: string; to?: string }) => {
  if (filters.from === undefined || filters.to === undefined) return true;
  const from = auditRangeStart(filters.from);
  const to = auditRangeEnd(filters.to);
  return Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from < to;
};
const FROM_AFTER_TO = { message: 'must not be after to', path: ['from'] };

/** The filters of the list and of the export: by action, actor, person, study ID and a date range. */
export const auditFiltersSchema = z.strictObject(auditFilterFields).refine(fromNotAfterTo, FROM_AFTER_TO);
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** Entries on one page by default, and at most. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

/** A position in the list: the time and id of the last entry shown ('<ISO time>|<id>'). */
export const AUDIT_CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(.{1,200})$/s;

/**
 * GET /api/admin/audit (X-Master-Key): the query string. Newest first; `before` (the last
 * answer's nextBefore) asks for the entries older than those shown.
 */
export const auditQuerySchema = z
  .strictObject({
    ...auditFilterFields,
    before: z.string().regex(AUDIT_CURSOR_PATTERN, { message: "must be the nextBefore of an earlier answer ('<time>|<id>')" }).optional(),
    limit: z
      .string()
      .regex(/^[1-9][0-9]{0,3}$/, { message: `must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}` })
      .transform(Number)
      .refine((n) => n <= AUDIT_PAGE_SIZE_MAX, { message: `must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}` })
      .optional(),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** The answer to GET /api/admin/audit: one page, newest first, and where the next (older) page starts. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the older entries; null when there are none. */
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
/** The answer to GET /api/admin/audit, kept for the admin pages of an earlier release. */
export const auditPageV1Schema = z.object({ entries: z.array(auditEntryV1Schema), nextBefore: z.string().nullable() });

/** The audit export (GET /api/admin/audit/export), saved as audit-trail.csv, newest first. */
export const AUDIT_FILE_NAME = 'audit-trail.csv';
export const AUDIT_CSV_COLUMNS = ['at', 'action', 'actor', 'person', 'role', 'studyId', 'details', 'id'] as const;
