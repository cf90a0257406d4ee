import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_LABEL_MAX } from '@study/contracts';
import { z } from 'zod';

/** Who the passkeys belong to: the study's site as the browser sees it. */
export interface RelyingParty {
  /** The host name, without scheme or port ('study.example.org', '127.0.0.1'). */
  id: string;
  /** What the browser shows beside the passkey ('Personality Study'). */
  name: string;
  /** The origin the pages are served from ('https://study.example.org', 'http://127.0.0.1:8080'). */
  origin: string;
}

/** A registered passkey as the account store keeps it (nothing secret: a public key and its counter). */
export interface StoredPasskey {
  /** base64url; unique over all accounts (the store's index), and how an assertion finds its account. */
  credentialId: string;
  /** base64url of the COSE public key. */
  publicKey: string;
  /** The authenticator's signature counter at the last use; 0 for authenticators that keep none (synced passkeys). */
  counter: number;
  /** Where the browser found the authenticator ('internal', 'hybrid', 'usb', ...): a hint for excludeCredentials. */
  transports?: string[];
  createdAt: Date;
  /** The name the person gave it ('Work laptop'). */
  label: string;
}

export interface StaffIdentity {
  staffId: string;
  email: string;
  name: string;
}

/** Options as plain JSON (assignable to the contracts' `z.looseObject` of them). */
export type OptionsJSON<Options> = Options & { [key: string]: unknown };

export interface PasskeyCeremony<Options> {
  /** What the browser passes to navigator.credentials (or @simplewebauthn/browser). */
  options: OptionsJSON<Options>;
  /**
   * base64url. The caller keeps it server-side (never trusting the browser to send it back), for
   * one ceremony only and at most PASSKEY_CHALLENGE_TTL_MS, and passes it to the verification.
   */
  challenge: string;
}

export type PasskeyRegistrationResult = { verified: true; passkey: StoredPasskey } | { verified: false; reason: string };
export type PasskeyAuthenticationResult = { verified: true; newCounter: number } | { verified: false; reason: string };

/** How long a challenge may be answered: the browser's timeout, and how long the caller keeps the challenge. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The WebAuthn limit on a user handle. */
export const USER_HANDLE_MAX_BYTES = 64;
/** The longest credential id accepted, in base64url characters (as the contracts' request schemas bound it). */
export const CREDENTIAL_ID_MAX_LENGTH = 1023;

// Browsers' JSON (toJSON() and @simplewebauthn/browser) is unpadded base64url.
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const base64url = (max: number) => z.string().min(1).max(max).regex(BASE64URL, 'is not base64url');
const credentialIdSchema = base64url(CREDENTIAL_ID_MAX_LENGTH);
// Generous bounds: far above what authenticators send ('none' attestation is a few hundred bytes,
// a packed one with its certificate chain a few kilobytes), well below what would cost anything to parse.
const transportsSchema = z.array(z.string().max(32)).max(16).optional();
const clientExtensionResultsSchema = z.looseObject({}).optional().transform((value) => value ?? {});
const authenticatorAttachmentSchema = z.enum(['platform', 'cross-platform']).optional();

/** A browser's WebAuthn answer as JSON around its ceremony's response; fields beyond these are kept for the verification. */
function credentialSchema<R extends z.ZodType>(response: R) {
  return z
    .looseObject({
      id: credentialIdSchema,
      rawId: credentialIdSchema,
      type: z.literal('public-key'),
      response,
      clientExtensionResults: clientExtensionResultsSchema,
      authenticatorAttachment: authenticatorAttachmentSchema,
    })
    .refine((credential) => credential.id === credential.rawId, { message: 'id and rawId differ', path: ['rawId'] });
}

/** The browser's answer to navigator.credentials.create(), as JSON. */
export const passkeyRegistrationResponseSchema = credentialSchema(
  z.looseObject({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    transports: transportsSchema,
  }),
);

/** The browser's answer to navigator.credentials.get(), as JSON. */
export const passkeyAuthenticationResponseSchema = credentialSchema(
  z.looseObject({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    // Some browsers send null where the authenticator gave no user handle.
    userHandle: base64url(Math.ceil((USER_HANDLE_MAX_BYTES * 4) / 3))
      .nullish()
      .transform((value) => value ?? undefined),
  }),
);

const KNOWN_TRANSPORTS: readonly string[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] satisfies AuthenticatorTransportFuture[];
/** Transports the library knows; newer ones a browser may report are left out rather than refused. */
const knownTransports = (transports: readonly string[] | undefined): AuthenticatorTransportFuture[] | undefined =>
  transports?.filter((transport): transport is AuthenticatorTransportFuture => KNOWN_TRANSPORTS.includes(transport));

const fromBase64url = (value: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(value, 'base64url'));
const toBase64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'malformed';
  return issue.path.length > 0 ? `${issue.path.join('.')} ${issue.message}` : issue.message;
}

const failureOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Options for registering a passkey for a signed-in staff member. Discoverable (the passkey holds
 * the staff id, so sign-in needs no e-mail), user verification required (the verification asks
 * for it, so the browser prompts for a PIN or biometrics rather than the server refusing after), no attestation (which
 * authenticator it is does not matter here), and the member's existing passkeys excluded so one
 * authenticator is not registered twice.
 */
export async function passkeyRegistrationOptions(
  rp: RelyingParty,
  account: StaffIdentity,
  existing: readonly StoredPasskey[],
): Promise<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>> {
  const userID = new TextEncoder().encode(account.staffId);
  if (userID.length === 0 || userID.length > USER_HANDLE_MAX_BYTES) throw new RangeError(`a staff id must be 1 to ${USER_HANDLE_MAX_BYTES} bytes to be a WebAuthn user handle`);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.name,
    userID,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: knownTransports(passkey.transports) })),
  });
  return { options: options as OptionsJSON<typeof options>, challenge: options.challenge };
}

/**
 * What both verifications hold an answer to: this ceremony's challenge, the study's origin and RP
 * id, and a verified person (PIN or biometrics: a passkey signs in alone, in place of password and code).
 */
const expectedOf = (rp: RelyingParty, expectedChallenge: string) => ({ expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true });

/**
 * Checks the browser's new credential against the challenge the caller kept, the origin and the
 * RP id, and answers the passkey to store. The person must have been verified by the authenticator
 * (PIN or biometrics): a passkey signs in on its own, in place of the password and the TOTP code.
 * Never throws for what the browser sent; the reason is for the log, not for the page.
 */
export async function verifyPasskeyRegistration(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  label: string,
  now: Date = new Date(),
): Promise<PasskeyRegistrationResult> {
  const name = label.trim() || 'Passkey';
  if (name.length > PASSKEY_LABEL_MAX) return { verified: false, reason: `the label is longer than ${PASSKEY_LABEL_MAX} characters` };
  const parsed = passkeyRegistrationResponseSchema.safeParse(response);
  if (!parsed.success) return { verified: false, reason: `not a WebAuthn registration: ${problemOf(parsed.error)}` };
  const credential = parsed.data as unknown as RegistrationResponseJSON;
  try {
    const result = await verifyRegistrationResponse({
      response: credential,
      ...expectedOf(rp, expectedChallenge),
      requireUserPresence: true,
    });
    if (!result.verified) return { verified: false, reason: 'the attestation did not verify' };
    const { credential: created } = result.registrationInfo;
    const transports = knownTransports(parsed.data.response.transports);
    return {
      verified: true,
      passkey: {
        credentialId: created.id,
        publicKey: toBase64url(created.publicKey),
        counter: created.counter,
        ...(transports && transports.length > 0 ? { transports } : {}),
        createdAt: now,
        label: name,
      },
    };
  } catch (error) {
    return { verified: false, reason: failureOf(error) };
  }
}

/**
 * Options for signing in with a passkey: no allowCredentials, so the browser offers every passkey
 * it holds for this site and the person picks one without typing an e-mail.
 */
export async function passkeyAuthenticationOptions(rp: RelyingParty): Promise<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [], userVerification: 'required', timeout: PASSKEY_CHALLENGE_TTL_MS });
  return { options: options as OptionsJSON<typeof options>, challenge: options.challenge };
}

/**
 * Checks an assertion against the passkey the caller found by its credential id
 * (credentialIdOf). On success the caller stores `newCounter` on that passkey; a counter that
 * did not rise (a cloned authenticator, or a replayed answer) is refused. With `owner.staffId`,
 * the user handle the authenticator sent must name that account (WebAuthn asks for this check
 * when the person was not identified before the ceremony).
 */
export async function verifyPasskeyAuthentication(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  passkey: StoredPasskey,
  owner: { staffId?: string } = {},
): Promise<PasskeyAuthenticationResult> {
  const parsed = passkeyAuthenticationResponseSchema.safeParse(response);
  if (!parsed.success) return { verified: false, reason: `not a WebAuthn assertion: ${problemOf(parsed.error)}` };
  if (parsed.data.id !== passkey.credentialId) return { verified: false, reason: 'the assertion is for another credential than the stored passkey' };
  if (owner.staffId !== undefined) {
    const userHandle = userHandleOf(parsed.data);
    if (userHandle !== owner.staffId) return { verified: false, reason: "the assertion's user handle does not name the passkey's account" };
  }
  const assertion = parsed.data as unknown as AuthenticationResponseJSON;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion,
      ...expectedOf(rp, expectedChallenge),
      credential: { id: passkey.credentialId, publicKey: fromBase64url(passkey.publicKey), counter: passkey.counter, transports: knownTransports(passkey.transports) },
    });
    if (!result.verified) return { verified: false, reason: 'the signature did not verify' };
    return { verified: true, newCounter: result.authenticationInfo.newCounter };
  } catch (error) {
    return { verified: false, reason: failureOf(error) };
  }
}

/** The credential id of a browser's answer, to find the passkey (and its account) by; undefined when it is not one. */
export function credentialIdOf(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const parsed = credentialIdSchema.safeParse((response as { id?: unknown }).id);
  return parsed.success ? parsed.data : undefined;
}

/** The staff id a discoverable passkey answered with (its user handle), or undefined when absent or malformed. */
export function userHandleOf(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const inner = (response as { response?: unknown }).response;
  if (typeof inner !== 'object' || inner === null) return undefined;
  const handle = (inner as { userHandle?: unknown }).userHandle;
  if (typeof handle !== 'string' || !BASE64URL.test(handle)) return undefined;
  const bytes = Buffer.from(handle, 'base64url');
  if (bytes.length === 0 || bytes.length > USER_HANDLE_MAX_BYTES) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
