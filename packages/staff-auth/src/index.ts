export { can, capabilities, capabilitiesOf, downloadCapability, DOWNLOAD_ROUTES, isStaffRole, ROUTE_CAPABILITIES, routeCapability, staffRoles, type Capability, type StaffRole } from './roles';
export {
  hashPassword,
  needsRehash,
  PASSWORD_HASH_OPTIONS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  verifyPassword,
  verifyWithoutAccount,
  WeakPasswordError,
  type PasswordContext,
} from './password';
export { createTotpEnrolment, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS, totpCode, totpStep, verifyTotp, type TotpCheck, type TotpEnrolment, type TotpResult } from './totp';
export { addressBucket, createLoginLockout, type AttemptSubject, type LockoutOptions, type LockoutRedis, type LoginLockout, type Reservation } from './lockout';
export { checkMasterKeyStrength, MASTER_KEY_HOW_TO, MASTER_KEY_MAX_LENGTH, MASTER_KEY_MIN_LENGTH, MASTER_KEY_VARIABLE, masterKeyProblem, WeakMasterKeyError } from './master-key';
export {
  checkCsrfToken,
  createSessionToken,
  CSRF_HEADER,
  csrfRequired,
  csrfTokenFor,
  endedStaffSessionCookie,
  sessionIdOf,
  sessionState,
  STAFF_COOKIE_PATH,
  STAFF_SESSION_ABSOLUTE_TIMEOUT_MS,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_IDLE_TIMEOUT_MS,
  staffSessionCookie,
  type CookieOptions,
  type SessionLimits,
  type SessionState,
  type StaffSession,
} from './session';
