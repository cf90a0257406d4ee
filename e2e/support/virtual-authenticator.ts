import type { CDPSession, Page } from 'playwright-core';

/** A passkey the virtual authenticator holds, with its ids as the server stores them. */
export interface VirtualCredential {
  /** base64url, as StoredPasskey.credentialId and the browser's `id`. */
  credentialId: string;
  /** Whether it is discoverable (a passkey signs in without an e-mail). */
  isResidentCredential: boolean;
  rpId?: string;
  /** base64url of the user handle: the staff id's bytes. */
  userHandle?: string;
  /** The user handle read as text: the staff id. */
  staffId?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  authenticatorId: string;
  /** The credentials it holds now (one more after each registration). */
  credentials(): Promise<VirtualCredential[]>;
  /** Whether user verification (PIN or biometrics) succeeds from now on. */
  setUserVerified(verified: boolean): Promise<void>;
  /** Removes the authenticator and closes its DevTools session; the page then has none. */
  remove(): Promise<void>;
}

// DevTools answers binary fields in standard base64.
const base64ToBase64url = (value: string): string => Buffer.from(value, 'base64').toString('base64url');

/**
 * Gives the page a platform authenticator that holds passkeys and verifies the person by itself,
 * as Touch ID or Windows Hello would, through Chromium's DevTools WebAuthn domain: a test can then
 * register a passkey and sign in with it without anyone touching a prompt. Chromium only.
 * Open the page on a host name (http://localhost:<port>), not 127.0.0.1: Chromium refuses WebAuthn
 * on an IP address ("SecurityError: This is an invalid domain"), and the server's RP id and origin
 * must then name localhost too.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  let removed = false;
  return {
    authenticatorId,
    async credentials() {
      const { credentials } = await session.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials.map((credential) => ({
        credentialId: base64ToBase64url(credential.credentialId),
        isResidentCredential: credential.isResidentCredential,
        rpId: credential.rpId,
        userHandle: credential.userHandle === undefined ? undefined : base64ToBase64url(credential.userHandle),
        staffId: credential.userHandle === undefined ? undefined : Buffer.from(credential.userHandle, 'base64').toString('utf8'),
        signCount: credential.signCount,
      }));
    },
    async setUserVerified(verified) {
      await session.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
    async remove() {
      if (removed) return;
      removed = true;
      // The page (and its session) may be closed already at the end of a test: nothing is left to remove then.
      try {
        await session.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
        await session.send('WebAuthn.disable');
        await session.detach();
      } catch (error) {
        if (!page.isClosed()) throw error;
      }
    },
  };
}
