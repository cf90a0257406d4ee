import { routes, type DownloadResource, type StaffCapability } from '@study/contracts';

/**
 * The study team's roles, from the most to the least trusted. Each role holds every capability of
 * the roles after it, plus its own: a viewer watches (enrollment figures, audit trail), a data
 * manager also handles participant data (MBTI upload, TypeFinder import, statistics, roster,
 * analysis export), an owner also manages staff, consent texts and reminders.
 */
export const staffRoles = ['owner', 'data-manager', 'viewer'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (staffRoles as readonly string[]).includes(value);
}

/**
 * The one permission table: each capability and the least trusted role that holds it (roles above
 * it hold it too). A capability is one admin action; every study-team route of the contracts'
 * table needs exactly one (ROUTE_CAPABILITIES below).
 */
const LEAST_ROLE = {
  // Everyone's own session: who they are, signing out, their passkeys.
  'session.view': 'viewer',
  'session.end': 'viewer',
  'passkeys.challenge': 'viewer',
  'passkeys.add': 'viewer',
  // Who is on the team (names, e-mails, roles): the audit trail names them.
  'staff.view': 'viewer',
  'enrollment.view': 'viewer',
  'audit.view': 'viewer',
  // The audit trail as the admin pages of an earlier release read it (GET /api/admin/audit).
  'audit.view-v1': 'viewer',
  'audit.export': 'viewer',
  // Every role downloads something; which download a link may open is checked by its resource (downloadCapability).
  'download-link.create': 'viewer',
  'mbti.upload': 'data-manager',
  'typefinder.import': 'data-manager',
  'statistics.download': 'data-manager',
  'roster.download': 'data-manager',
  // The roster's address with the master key in it (the spec's): the key itself is the proof.
  'roster.download-by-key': 'data-manager',
  'analysis-export.download': 'data-manager',
  'analysis-export.dictionary': 'data-manager',
  'consent-versions.view': 'owner',
  'consent-versions.publish': 'owner',
  'reminders.preview': 'owner',
  'reminders.send': 'owner',
  // Adding people to the study team, changing their roles, removing them.
  'staff.manage': 'owner',
  'staff.change-role': 'owner',
  'staff.remove': 'owner',
} as const satisfies Record<StaffCapability, StaffRole>;

export type Capability = StaffCapability;
export const capabilities = Object.keys(LEAST_ROLE) as Capability[];

/** A role's rank: 0 for the most trusted. */
const rank = (role: StaffRole): number => staffRoles.indexOf(role);

/** Whether a staff member with this role may do this. Unknown roles or capabilities may do nothing. */
export function can(role: StaffRole, capability: Capability): boolean {
  if (!isStaffRole(role) || !Object.hasOwn(LEAST_ROLE, capability)) return false;
  return rank(role) <= rank(LEAST_ROLE[capability]);
}

/** Every capability a role holds, in the table's order (for a session's answer to the admin pages). */
export function capabilitiesOf(role: StaffRole): Capability[] {
  return capabilities.filter((capability) => can(role, capability));
}

type RouteName = keyof typeof routes;

/**
 * The capability each study-team route needs, by its name in the contracts' route table. The unit
 * test fails when a study-team route is missing here, or a name here is not a study-team route.
 */
export const ROUTE_CAPABILITIES: { readonly [K in RouteName]?: Capability } = {
  uploadMbti: 'mbti.upload',
  roster: 'roster.download-by-key',
  staffRoster: 'roster.download',
  statistics: 'statistics.download',
  importTypeFinderResults: 'typefinder.import',
  enrollment: 'enrollment.view',
  createDownloadLink: 'download-link.create',
  auditTrail: 'audit.view',
  auditTrailV1: 'audit.view-v1',
  staffSession: 'session.view',
  staffSignOut: 'session.end',
  passkeyRegistrationOptions: 'passkeys.challenge',
  registerPasskey: 'passkeys.add',
  staffList: 'staff.view',
  addStaff: 'staff.manage',
  changeStaffRole: 'staff.change-role',
  removeStaff: 'staff.remove',
  auditTrailCsv: 'audit.export',
  previewReminders: 'reminders.preview',
  sendReminders: 'reminders.send',
  analysisExport: 'analysis-export.download',
  analysisDictionary: 'analysis-export.dictionary',
  consentVersions: 'consent-versions.view',
  publishConsentVersion: 'consent-versions.publish',
};

/** The capability a study-team route needs; undefined for a route that is not the study team's. */
export function routeCapability(routeName: string): Capability | undefined {
  return Object.hasOwn(ROUTE_CAPABILITIES, routeName) ? ROUTE_CAPABILITIES[routeName as RouteName] : undefined;
}

/**
 * The route a download link opens, per resource: asking for a link needs the capability of that
 * route too, so a viewer gets a link to the audit export but not to the statistics.
 */
export const DOWNLOAD_ROUTES = {
  stats: 'statistics',
  audit: 'auditTrailCsv',
  export: 'analysisExport',
  dictionary: 'analysisDictionary',
  roster: 'staffRoster',
} as const satisfies Record<DownloadResource, RouteName>;

/** The capability needed to ask for a download link to this resource (beyond download-link.create). */
export function downloadCapability(resource: DownloadResource): Capability {
  const capability = ROUTE_CAPABILITIES[DOWNLOAD_ROUTES[resource]];
  if (!capability) throw new Error(`No capability for the download of ${resource}`);
  return capability;
}
