import { AuditActions, ErrorCodes, type StaffSessionView } from '@study/contracts';
import { AppError } from '@study/service-kit';
import { hashPassword, needsRehash, verifyPassword, verifyTotp, verifyWithoutAccount, type Reservation } from '@study/staff-auth';
import type { StaffAccountDocument } from '../../data-access/staff-accounts-repository';
import { recordAudit } from '../audit/record-audit';
import { refusedForNow } from '../refused-for-now';
import type { StaffDeps } from './deps';
import { auditCallerOf, openStaffSession } from './staff-session';

const SIGN_IN_FAILED = 'The e-mail, password or code is not right. Check them and try again.';

/** 429 for a locked account or address: how long to wait, and that an owner can help meanwhile. */
export function signInLocked(reservation: Extract<Reservation, { allowed: false }>): AppError {
  const by = reservation.lockedBy === 'account' ? 'for this account' : 'from your address';
  return refusedForNow(ErrorCodes.SIGN_IN_LOCKED, `Too many failed sign-ins ${by}.`, reservation.retryAfterMs, ', or ask an owner');
}

export interface SignedIn {
  token: string;
  view: StaffSessionView;
}

/** Records the sign-in under the person, then opens the session (never a session without its entry). */
export async function signInAs(deps: StaffDeps, account: StaffAccountDocument, method: 'password' | 'passkey' | 'set-up'): Promise<SignedIn> {
  await recordAudit({ ...deps, caller: auditCallerOf(account) }, { action: AuditActions.staffSignedIn, actor: 'admin', details: { method } });
  return openStaffSession(deps, account);
}

/**
 * Sign-in with e-mail, password and TOTP code. The attempt is counted against the account and the
 * address before anything is checked (so parallel guesses cannot get more checks than the limit),
 * both factors are checked whatever the first answers (one answer for every failure), and only a
 * sign-in with both right clears the count. The code's time step is stored by compare-and-set: of
 * two sign-ins racing with one code, one is refused as a replay.
 */
export async function signInWithPassword(deps: StaffDeps, request: { email: string; password: string; code: string }, address: string): Promise<SignedIn> {
  const subject = { account: request.email, address };
  const reservation = await deps.lockout.reserveAttempt(subject);
  if (!reservation.allowed) {
    deps.logger.warn({ lockedBy: reservation.lockedBy }, 'staff sign-in refused: locked');
    throw signInLocked(reservation);
  }
  const account = await deps.accounts.findByEmail(request.email);
  if (!account?.passwordHash || !account.totp) {
    await verifyWithoutAccount(request.password);
    throw new AppError(401, ErrorCodes.SIGN_IN_FAILED, SIGN_IN_FAILED);
  }
  const passwordRight = await verifyPassword(account.passwordHash, request.password);
  const totp = verifyTotp({ secret: deps.accounts.openTotp(account._id, account.totp.secret), code: request.code, lastUsedStep: account.totp.lastUsedStep, now: deps.now() });
  if (!passwordRight || !totp.ok || !(await deps.accounts.useTotpStep(account._id, totp.step))) {
    deps.logger.warn({ staffId: account._id, password: passwordRight, code: totp.ok ? 'replayed' : totp.reason }, 'staff sign-in refused');
    throw new AppError(401, ErrorCodes.SIGN_IN_FAILED, SIGN_IN_FAILED);
  }
  await deps.lockout.clearOnSuccess(subject);
  if (needsRehash(account.passwordHash)) {
    // Under a stricter policy than when it was chosen the password is still good for this sign-in; it is then left as it was.
    const rehashed = await hashPassword(request.password).catch(() => undefined);
    if (rehashed) await deps.accounts.setPasswordHash(account._id, rehashed);
  }
  return signInAs(deps, account, 'password');
}
