import { AuditActions, ErrorCodes, type PasskeyRegistrationOptions, type PasskeySignInOptions } from '@study/contracts';
import { AppError } from '@study/service-kit';
import {
  credentialIdOf,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
  type StaffSession,
} from '@study/staff-auth';
import type { StaffAccountDocument } from '../../data-access/staff-accounts-repository';
import { recordAudit } from '../audit/record-audit';
import type { StaffDeps } from './deps';
import { signInAs, type SignedIn } from './sign-in';

const PASSKEY_SIGN_IN_FAILED = 'This passkey could not sign you in. Try again, or sign in with your password and code.';

/** A challenge for a passkey sign-in, kept server-side under a new ceremony id for 5 minutes, answered once. */
export async function beginPasskeySignIn(deps: StaffDeps): Promise<PasskeySignInOptions> {
  const { options, challenge } = await passkeyAuthenticationOptions(deps.relyingParty);
  const ceremony = deps.newId();
  await deps.sessions.keepChallenge(`sign-in:${ceremony}`, challenge);
  return { ceremony, options: options as unknown as PasskeySignInOptions['options'] };
}

/**
 * Sign-in with a passkey: the ceremony's challenge is taken (so an answer works once), the
 * account found by the credential's id, the assertion verified against its stored public key, and
 * its signature counter moved forward.
 */
export async function signInWithPasskey(deps: StaffDeps, request: { ceremony: string; credential: unknown }): Promise<SignedIn> {
  const challenge = await deps.sessions.takeChallenge(`sign-in:${request.ceremony}`);
  const credentialId = credentialIdOf(request.credential);
  const account = challenge && credentialId ? await deps.accounts.findByPasskey(credentialId) : null;
  const passkey = account?.passkeys.find((stored) => stored.credentialId === credentialId);
  if (!challenge || !account || !passkey) throw new AppError(401, ErrorCodes.PASSKEY_REJECTED, PASSKEY_SIGN_IN_FAILED);
  const result = await verifyPasskeyAuthentication(deps.relyingParty, request.credential, challenge, passkey, { staffId: account._id });
  if (!result.verified) {
    deps.logger.warn({ staffId: account._id, reason: result.reason }, 'passkey sign-in refused');
    throw new AppError(401, ErrorCodes.PASSKEY_REJECTED, PASSKEY_SIGN_IN_FAILED);
  }
  await deps.accounts.advancePasskeyCounter(account, passkey.credentialId, result.newCounter);
  return signInAs(deps, account, 'passkey');
}

/** A challenge for registering a passkey, kept under the session (one registration at a time per session). */
export async function beginPasskeyRegistration(deps: StaffDeps, account: StaffAccountDocument, session: StaffSession): Promise<PasskeyRegistrationOptions> {
  const { options, challenge } = await passkeyRegistrationOptions(deps.relyingParty, { staffId: account._id, email: account.email, name: account.name }, account.passkeys);
  await deps.sessions.keepChallenge(`register:${session.id}`, challenge);
  return { options: options as unknown as PasskeyRegistrationOptions['options'] };
}

/** Registers the browser's new passkey for the signed-in person, recorded under their name. */
export async function registerPasskey(deps: StaffDeps & { caller: NonNullable<Parameters<typeof recordAudit>[0]['caller']> }, account: StaffAccountDocument, session: StaffSession, request: { credential: unknown; label: string }): Promise<{ passkeys: number }> {
  const challenge = await deps.sessions.takeChallenge(`register:${session.id}`);
  if (!challenge) throw new AppError(400, ErrorCodes.PASSKEY_REJECTED, 'The passkey request has expired or was answered already. Start adding the passkey again.');
  const result = await verifyPasskeyRegistration(deps.relyingParty, request.credential, challenge, request.label);
  if (!result.verified) {
    deps.logger.warn({ staffId: account._id, reason: result.reason }, 'passkey registration refused');
    throw new AppError(400, ErrorCodes.PASSKEY_REJECTED, 'This passkey could not be registered. Try again.');
  }
  await recordAudit(deps, { action: AuditActions.passkeyAdded, actor: 'admin', details: { label: result.passkey.label } });
  const passkeys = await deps.accounts.addPasskey(account._id, { ...result.passkey, createdAt: result.passkey.createdAt });
  if (passkeys === 0) throw new AppError(409, ErrorCodes.PASSKEY_REJECTED, 'This passkey is registered already.');
  return { passkeys };
}
