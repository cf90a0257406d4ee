import { AuditActions, ErrorCodes, type StaffSetupStartResponse } from '@study/contracts';
import { AppError } from '@study/service-kit';
import { createTotpEnrolment, hashPassword, verifyTotp, WeakPasswordError } from '@study/staff-auth';
import { setupCodeHash, type StaffAccountDocument } from '../../data-access/staff-accounts-repository';
import { recordAudit } from '../audit/record-audit';
import type { StaffDeps } from './deps';
import { signInAs, signInLocked, type SignedIn } from './sign-in';
import { auditCallerOf } from './staff-session';

const SETUP_INVALID = 'This set-up code is not right, has expired or was used already. Ask an owner for a new account set-up.';
/** The name authenticator apps show for the study's codes. */
export const TOTP_ISSUER = 'Personality genetics study';

/** The account a set-up code belongs to, counted like a sign-in (codes cannot be guessed, but nothing is tried unlimited). */
async function accountForSetup(deps: StaffDeps, email: string, setupCode: string, address: string): Promise<StaffAccountDocument> {
  const subject = { account: email, address };
  const reservation = await deps.lockout.reserveAttempt(subject);
  if (!reservation.allowed) throw signInLocked(reservation);
  const account = await deps.accounts.findByEmail(email);
  if (!account?.setup || account.setup.codeHash !== setupCodeHash(setupCode) || account.setup.expiresAt <= deps.now()) {
    throw new AppError(400, ErrorCodes.SETUP_CODE_INVALID, SETUP_INVALID);
  }
  await deps.lockout.clearOnSuccess(subject);
  return account;
}

/** The set-up's first step: a new authenticator secret for the person to add to their app. */
export async function startSetup(deps: StaffDeps, request: { email: string; setupCode: string }, address: string): Promise<StaffSetupStartResponse> {
  const account = await accountForSetup(deps, request.email, request.setupCode, address);
  const enrolment = createTotpEnrolment({ issuer: TOTP_ISSUER, accountName: account.email });
  if (!(await deps.accounts.offerTotp(account._id, setupCodeHash(request.setupCode), deps.accounts.sealTotp(account._id, enrolment.secret), deps.now()))) {
    throw new AppError(400, ErrorCodes.SETUP_CODE_INVALID, SETUP_INVALID);
  }
  return { otpauthUri: enrolment.uri, secret: enrolment.secret };
}

/**
 * The set-up's last step: a password the policy accepts and a first code from the app (proving it
 * holds the secret), stored in one write that spends the set-up code; then the person is signed in.
 */
export async function completeSetup(deps: StaffDeps, request: { email: string; setupCode: string; password: string; code: string }, address: string): Promise<SignedIn> {
  const account = await accountForSetup(deps, request.email, request.setupCode, address);
  if (!account.pendingTotp) throw new AppError(400, ErrorCodes.SETUP_CODE_INVALID, 'Start the set-up again: no authenticator app was offered for this code yet.');
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(request.password, { email: account.email, name: account.name });
  } catch (err) {
    if (err instanceof WeakPasswordError) throw new AppError(400, ErrorCodes.PASSWORD_TOO_WEAK, err.message);
    throw err;
  }
  const totp = verifyTotp({ secret: deps.accounts.openTotp(account._id, account.pendingTotp), code: request.code, lastUsedStep: null, now: deps.now() });
  if (!totp.ok) throw new AppError(400, ErrorCodes.SIGN_IN_FAILED, 'The code from your authenticator app is not right. Check the app shows the study and try the code it shows now.');
  await recordAudit({ ...deps, caller: auditCallerOf(account) }, { action: AuditActions.staffSetUp, actor: 'admin' });
  const totpState = { secret: account.pendingTotp, lastUsedStep: totp.step };
  const now = deps.now();
  if (!(await deps.accounts.completeSetup(account._id, setupCodeHash(request.setupCode), passwordHash, totpState, now))) {
    throw new AppError(400, ErrorCodes.SETUP_CODE_INVALID, SETUP_INVALID);
  }
  const { setup: _spent, pendingTotp: _confirmed, ...rest } = account;
  return signInAs(deps, { ...rest, passwordHash, totp: totpState, setUpAt: now }, 'set-up');
}
