import type { PasskeyRegistrationRequest, PasskeySignInRequest } from '@study/contracts';
import { messageOf } from '../lib/message-of';

/** The browser's WebAuthn answer as JSON, the shape the sign-in and registration calls take. */
export type PasskeyCredential = PasskeySignInRequest['credential'];
export type NewPasskeyCredential = PasskeyRegistrationRequest['credential'];

/** A passkey ceremony the browser did not finish, with what the person should read. */
export class PasskeyError extends Error {
  override name = 'PasskeyError';
}

function passkeyMessage(error: unknown, doing: 'sign in' | 'add'): string {
  const name = error instanceof Error ? error.name : '';
  const message = messageOf(error);
  if (name === 'NotAllowedError' || name === 'AbortError') return 'No passkey was used: the request was cancelled or timed out. Try again, or sign in with your password and code.';
  if (/not supported/i.test(message)) return `This browser cannot use passkeys. ${doing === 'sign in' ? 'Sign in with your password and code instead.' : 'Use a browser that supports them.'}`;
  if (name === 'InvalidStateError') return 'This device holds a passkey for your account already.';
  return `The browser could not ${doing === 'sign in' ? 'sign in with' : 'make'} a passkey: ${message}`;
}

// The WebAuthn library is loaded when a passkey is first used: most visits never need it.
const webAuthn = () => import('@simplewebauthn/browser');

/** The browser's passkey ceremony for the server's sign-in challenge (WebAuthn options as JSON). */
export async function passkeyAssertion(options: Record<string, unknown>): Promise<PasskeyCredential> {
  const { startAuthentication } = await webAuthn();
  try {
    return (await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] })) as unknown as PasskeyCredential;
  } catch (error) {
    throw new PasskeyError(passkeyMessage(error, 'sign in'));
  }
}

/** The browser's passkey ceremony for the server's registration challenge. */
export async function passkeyRegistration(options: Record<string, unknown>): Promise<NewPasskeyCredential> {
  const { startRegistration } = await webAuthn();
  try {
    return (await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] })) as unknown as NewPasskeyCredential;
  } catch (error) {
    throw new PasskeyError(passkeyMessage(error, 'add'));
  }
}
