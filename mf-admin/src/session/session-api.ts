import { routes, type StaffSessionView, type StaffSetupCompleteRequest, type StaffSetupStartRequest, type StaffSetupStartResponse, type StaffSignInRequest } from '@study/contracts';
import { adminCall, type StaffCredentials } from '../api/admin-api';
import { passkeyAssertion } from './passkeys';

/** GET /api/admin/session: who is signed in on this browser (the cookie), with the CSRF token; a 401 when nobody is. */
export function readStaffSession(): Promise<StaffSessionView> {
  return adminCall(routes.staffSession, {});
}

/** POST /api/admin/sign-in: e-mail, password and the authenticator app's code; the server sets the session cookie. */
export function signInWithPassword(request: StaffSignInRequest): Promise<StaffSessionView> {
  return adminCall(routes.staffSignIn, { body: request });
}

/** A passkey sign-in: the server's challenge, the browser's passkey ceremony, then the answer; the server sets the session cookie. */
export async function signInWithPasskey(assert = passkeyAssertion): Promise<StaffSessionView> {
  const { ceremony, options } = await adminCall(routes.passkeySignInOptions, { body: {} });
  const credential = await assert(options);
  return adminCall(routes.passkeySignIn, { body: { ceremony, credential } });
}

/** POST /api/admin/sign-out (with the CSRF token): ends the session and its cookie. */
export async function signOut(credentials: StaffCredentials): Promise<void> {
  await adminCall(routes.staffSignOut, { body: {} }, credentials);
}

/** POST /api/admin/staff/setup: the set-up code's account's authenticator secret. */
export function startStaffSetup(request: StaffSetupStartRequest): Promise<StaffSetupStartResponse> {
  return adminCall(routes.staffSetupStart, { body: request });
}

/** POST /api/admin/staff/setup/complete: the chosen password and a first code; signs the person in. */
export function completeStaffSetup(request: StaffSetupCompleteRequest): Promise<StaffSessionView> {
  return adminCall(routes.staffSetupComplete, { body: request });
}
