import { z } from 'zod';

/**
 * The study team's accounts (issue 27): each person signs in as themselves, with a role, and every
 * admin action is recorded under their name. Sign-in is a password with a TOTP code, or a passkey
 * (WebAuthn); the session is an HttpOnly cookie (`staff_session`) and every state-changing call
 * carries the session's CSRF token in X-CSRF-Token. The master key remains for the roster's
 * address (GET /api/ohready/{masterKey}) and as a break-glass that the audit trail marks as such.
 */

/** The roles, from the most to the least trusted (what each may do: @study/staff-auth's roles). */
export const staffRoleNames = ['owner', 'data-manager', 'viewer'] as const;
export const staffRoleSchema = z.enum(staffRoleNames);
export type StaffRoleName = z.infer<typeof staffRoleSchema>;

/**
 * Every capability a role may hold: one admin action each (which roles hold which is
 * @study/staff-auth's permission table; every study-team route needs one). Named here so the pages
 * that ask a session about them and the server that grants them spell them alike.
 */
export const staffCapabilityNames = [
  'session.view',
  'session.end',
  'passkeys.challenge',
  'passkeys.add',
  'staff.view',
  'enrollment.view',
  'audit.view',
  'audit.view-v1',
  'audit.export',
  'download-link.create',
  'mbti.upload',
  'typefinder.import',
  'statistics.download',
  'roster.download',
  'roster.download-by-key',
  'analysis-export.download',
  'analysis-export.dictionary',
  'consent-versions.view',
  'consent-versions.publish',
  'reminders.preview',
  'reminders.send',
  'staff.manage',
  'staff.change-role',
  'staff.remove',
] as const;
export type StaffCapability = (typeof staffCapabilityNames)[number];

/** The header the admin pages send the session's CSRF token in, with every call that may change something. */
export const STAFF_CSRF_HEADER = 'X-CSRF-Token';

export const STAFF_NAME_MAX = 100;
export const STAFF_EMAIL_MAX = 254;
/** A password's most characters (argon2 hashes any length; this keeps a request small). */
export const STAFF_PASSWORD_MAX = 256;

const staffEmailSchema = z
  .string()
  .trim()
  .max(STAFF_EMAIL_MAX)
  .pipe(z.email({ message: 'must be an e-mail address' }))
  .transform((email) => email.toLowerCase());
const staffNameSchema = z.string().trim().min(1, { message: 'must not be empty' }).max(STAFF_NAME_MAX);
const staffIdSchema = z.uuid();
const totpCodeSchema = z.string().trim().regex(/^\d{6}$/, { message: 'must be the 6 digits your authenticator app shows' });
const passwordSchema = z.string().min(1, { message: 'must not be empty' }).max(STAFF_PASSWORD_MAX);

/** A person of the study team as the admin pages show them. */
export const staffMemberSchema = z.object({
  id: staffIdSchema,
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * The answer to a sign-in and to GET /api/admin/session: who is signed in, what their role may do
 * (capability names of @study/staff-auth, for the pages to offer only those), the CSRF token the
 * page keeps in memory, and when the session ends unless used again.
 */
export const staffSessionSchema = z.object({
  staff: staffMemberSchema,
  capabilities: z.array(z.string()),
  csrfToken: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** How many passkeys the person has registered. */
  passkeys: z.number().int().min(0),
});
export type StaffSessionView = z.infer<typeof staffSessionSchema>;

/** POST /api/admin/sign-in: e-mail, password and the authenticator app's current code. */
export const staffSignInRequestSchema = z.strictObject({ email: staffEmailSchema, password: passwordSchema, code: totpCodeSchema });
export type StaffSignInRequest = z.input<typeof staffSignInRequestSchema>;

/** The browser's WebAuthn answers, as JSON (their fields are checked by the server's WebAuthn verification). */
const webAuthnResponseSchema = z.looseObject({ id: z.string().min(1).max(1023), rawId: z.string().min(1).max(1023), type: z.literal('public-key'), response: z.looseObject({}) });
/** WebAuthn options for navigator.credentials, as JSON (the browser library reads them). */
const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** POST /api/admin/sign-in/passkey/options: a challenge for signing in with a passkey, kept by the server under `ceremony` for 5 minutes. */
export const passkeySignInOptionsSchema = z.object({ ceremony: z.string(), options: webAuthnOptionsSchema });
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;

/** POST /api/admin/sign-in/passkey: the browser's assertion for that challenge. */
export const passkeySignInRequestSchema = z.strictObject({ ceremony: z.string().min(1).max(100), credential: webAuthnResponseSchema });
export type PasskeySignInRequest = z.input<typeof passkeySignInRequestSchema>;

/** POST /api/admin/passkeys/options: a challenge for registering a passkey for the signed-in person. */
export const passkeyRegistrationOptionsSchema = z.object({ options: webAuthnOptionsSchema });
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

export const PASSKEY_LABEL_MAX = 60;
/** POST /api/admin/passkeys: the browser's new credential for that challenge, and a name the person gives it. */
export const passkeyRegistrationRequestSchema = z.strictObject({ credential: webAuthnResponseSchema, label: z.string().trim().min(1).max(PASSKEY_LABEL_MAX).default('Passkey') });
export type PasskeyRegistrationRequest = z.input<typeof passkeyRegistrationRequestSchema>;

/** The answer to registering a passkey: how many the person now has. */
export const passkeyRegistrationResponseSchema = z.object({ passkeys: z.number().int().min(1) });
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** Who added an account: a person of the team, the command line (`npm run staff -- add`), or the master key (the first owner only). */
export const staffCreatorSchema = z.union([z.object({ kind: z.literal('staff'), id: staffIdSchema, name: z.string() }), z.object({ kind: z.enum(['command-line', 'master-key']) })]);

/** One account of GET /api/admin/staff. */
export const staffAccountSchema = staffMemberSchema.extend({
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: staffCreatorSchema,
  /** Whether the person has finished setting up (password and authenticator app chosen). */
  setUp: z.boolean(),
  passkeys: z.number().int().min(0),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffListSchema = z.object({ staff: z.array(staffAccountSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** POST /api/admin/staff: a new account (an owner; with the master key, only the first owner while there is none). */
export const addStaffRequestSchema = z.strictObject({ email: staffEmailSchema, name: staffNameSchema, role: staffRoleSchema });
export type AddStaffRequest = z.input<typeof addStaffRequestSchema>;

/** POST /api/admin/staff/{staffId}/role: a person's new role (an owner; the study keeps at least one owner who has set up). */
export const changeStaffRoleRequestSchema = z.strictObject({ role: staffRoleSchema });
export type ChangeStaffRoleRequest = z.input<typeof changeStaffRoleRequestSchema>;

/** How long a new account's set-up code works. */
export const STAFF_SETUP_CODE_TTL_HOURS = 72;

/**
 * The answer to adding an account: the account, and its one-time set-up code, shown once, for the
 * person to choose a password and an authenticator app on the set-up page (/staff-setup).
 */
export const addStaffResponseSchema = z.object({ staff: staffAccountSchema, setupCode: z.string(), setupExpiresAt: z.iso.datetime({ offset: true }) });
export type AddStaffResponse = z.infer<typeof addStaffResponseSchema>;

const setupCodeSchema = z.string().trim().min(1, { message: 'must not be empty' }).max(100);

/** POST /api/admin/staff/setup: starts the set-up with the code; answers the authenticator app's secret. */
export const staffSetupStartRequestSchema = z.strictObject({ email: staffEmailSchema, setupCode: setupCodeSchema });
export type StaffSetupStartRequest = z.input<typeof staffSetupStartRequestSchema>;
/** The authenticator app's enrolment: an otpauth:// address (for a QR code) and its secret (to type in). */
export const staffSetupStartResponseSchema = z.object({ otpauthUri: z.string(), secret: z.string() });
export type StaffSetupStartResponse = z.infer<typeof staffSetupStartResponseSchema>;

/** POST /api/admin/staff/setup/complete: the chosen password and a first code from the app; answers a session. */
export const staffSetupCompleteRequestSchema = z.strictObject({ email: staffEmailSchema, setupCode: setupCodeSchema, password: passwordSchema, code: totpCodeSchema });
export type StaffSetupCompleteRequest = z.input<typeof staffSetupCompleteRequestSchema>;

/** An empty JSON body, for calls that take none but are POSTs. */
export const emptyRequestSchema = z.strictObject({});
