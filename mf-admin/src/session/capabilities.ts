import type { StaffCapability, StaffRoleName } from '@study/contracts';
import { ADMIN_REMOTE } from '@study/navigation';

/**
 * The capabilities (named in @study/contracts, granted by @study/staff-auth's permission table on
 * the server) the admin pages ask the session about; the server refuses a call the role may not
 * make whatever the page shows.
 */
export const Capabilities = {
  mbtiUpload: 'mbti.upload',
  statisticsDownload: 'statistics.download',
  enrollmentView: 'enrollment.view',
  rosterDownload: 'roster.download',
  consentVersionsView: 'consent-versions.view',
  consentVersionsPublish: 'consent-versions.publish',
  auditView: 'audit.view',
  auditExport: 'audit.export',
  remindersPreview: 'reminders.preview',
  remindersSend: 'reminders.send',
  analysisExportDownload: 'analysis-export.download',
  analysisDictionary: 'analysis-export.dictionary',
  staffView: 'staff.view',
  staffManage: 'staff.manage',
  staffChangeRole: 'staff.change-role',
  staffRemove: 'staff.remove',
  passkeysAdd: 'passkeys.add',
} as const satisfies Record<string, StaffCapability>;
export type Capability = StaffCapability;

/** How the pages name each role. */
export const ROLE_LABELS: Record<StaffRoleName, string> = {
  owner: 'Owner',
  'data-manager': 'Data manager',
  viewer: 'Viewer',
};

export type AdminPageName = keyof typeof ADMIN_REMOTE.pages;

/** What a page of the study team's tools needs: any one of these capabilities (none: anyone, signed in or not), and what that is, for the refusal. */
export interface PageAccess {
  label: string;
  needsAny: readonly Capability[];
  /** '…uploading MBTI scores': what the role does not include when it holds none of them. */
  what: string;
}

/** The tools' pages in the order the navigation lists them. The sign-in and set-up pages are not tools. */
export const TOOL_PAGES = {
  mbtiLoad: { label: 'MBTI upload', needsAny: [Capabilities.mbtiUpload, Capabilities.statisticsDownload], what: 'uploading MBTI scores or downloading the statistics' },
  enrollment: { label: 'Enrollment', needsAny: [Capabilities.enrollmentView], what: 'viewing the enrollment figures' },
  readyCsv: { label: 'Roster', needsAny: [], what: 'downloading the roster' },
  consentVersions: { label: 'Consent', needsAny: [Capabilities.consentVersionsView], what: 'viewing or publishing the consent texts' },
  auditTrail: { label: 'Audit trail', needsAny: [Capabilities.auditView], what: 'viewing the audit trail' },
  reminders: { label: 'Reminders', needsAny: [Capabilities.remindersPreview], what: 'sending reminders' },
  analysisExport: { label: 'Analysis export', needsAny: [Capabilities.analysisExportDownload], what: 'downloading the analysis export' },
  staff: { label: 'Staff', needsAny: [Capabilities.staffView], what: 'viewing the study team' },
} as const satisfies Partial<Record<AdminPageName, PageAccess>>;
export type ToolPageName = keyof typeof TOOL_PAGES;

/** Whether a person holding these capabilities may use the page. */
export function mayUse(access: PageAccess, can: (capability: Capability) => boolean): boolean {
  return access.needsAny.length === 0 || access.needsAny.some(can);
}
