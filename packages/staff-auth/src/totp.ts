import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: HMAC-SHA1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step either side of now: a clock a little off, or a code typed as it turned over, still signs in. */
export const TOTP_WINDOW_STEPS = 1;
/** RFC 4226 recommends 160-bit secrets. */
const SECRET_BYTES = 20;

const totpFor = (secret: string, label = 'staff', issuer = ''): TOTP =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

export interface TotpEnrolment {
  /** The shared secret, base32: store it with the account (encrypted at rest), never send it again after enrolment. */
  secret: string;
  /** otpauth://totp/... for the QR code the authenticator app scans. */
  uri: string;
}

/**
 * A new secret for a staff member's authenticator. Enrolment is complete only once the member
 * has entered a code that verifyTotp accepts (proving the app holds the secret); the caller keeps
 * the secret pending until then.
 */
export function createTotpEnrolment(account: { issuer: string; accountName: string }): TotpEnrolment {
  const secret = new Secret({ size: SECRET_BYTES }).base32;
  return { secret, uri: totpFor(secret, account.accountName, account.issuer).toString() };
}

/** The time step a moment falls in (the RFC's T). */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

export interface TotpCheck {
  secret: string;
  /** What the person typed; spaces are ignored ('123 456'). */
  code: string;
  /**
   * The time step of the last code this account signed in with, or null if none yet. The caller
   * stores it per account, and must store the step answered here only if it is still greater than
   * what is stored (a compare-and-set), so two requests racing with one code do not both pass.
   */
  lastUsedStep: number | null;
  now: Date;
}

export type TotpResult =
  /** The code is right and unused: store `step` as the account's lastUsedStep. */
  | { ok: true; step: number }
  /** `invalid`: not the code of any step in the window; `replayed`: the code of a step already used (or older). */
  | { ok: false; reason: 'invalid' | 'replayed' };

/**
 * Checks a code against the steps now-1, now and now+1, and refuses a code whose step is not
 * later than the last one used: a code seen over a shoulder, or replayed by whoever intercepted
 * it, does not sign in again within its window.
 */
export function verifyTotp({ secret, code, lastUsedStep, now }: TotpCheck): TotpResult {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return { ok: false, reason: 'invalid' };
  const delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW_STEPS });
  if (delta === null) return { ok: false, reason: 'invalid' };
  const step = totpStep(now) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}

/** The code for a moment (for tests and the enrolment page's check of a clock; never shown to anyone else). */
export function totpCode(secret: string, now: Date): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}
