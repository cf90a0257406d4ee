// A software authenticator for the passkey tests: what a browser and a platform authenticator
// together answer to navigator.credentials.create() and .get(), built from node:crypto with an
// ES256 (P-256) key, 'none' attestation and real CBOR, so the server-side verification runs on
// the same bytes a browser would send.
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

// Authenticator data flags (WebAuthn §6.1).
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;
const COSE_ES256 = -7;

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

/** The CBOR head: major type and argument (RFC 8949 §3). */
function cborHead(major: number, argument: number): Uint8Array {
  if (argument < 24) return Uint8Array.of((major << 5) | argument);
  if (argument < 0x100) return Uint8Array.of((major << 5) | 24, argument);
  if (argument < 0x10000) return Uint8Array.of((major << 5) | 25, argument >> 8, argument & 0xff);
  const head = new Uint8Array(5);
  head[0] = (major << 5) | 26;
  new DataView(head.buffer).setUint32(1, argument);
  return head;
}

/** The little of CBOR that attestation objects and COSE keys need: integers, strings, byte strings, arrays and maps. */
export function encodeCbor(value: Cbor): Uint8Array {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([cborHead(4, value.length), ...value.map(encodeCbor)]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

function uint32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

/** A credential the authenticator holds, with its private key. */
export interface SoftCredential {
  /** base64url */
  id: string;
  rpId: string;
  /** base64url, as the registration options gave it (the staff id's bytes). */
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

/** What a test changes to act as a wrong or hostile party; unset, the authenticator answers as a browser would. */
export interface Tweaks {
  /** The origin written into clientDataJSON (a phishing page's, say). */
  origin?: string;
  /** The RP id whose hash goes into the authenticator data. */
  rpId?: string;
  /** The challenge written into clientDataJSON. */
  challenge?: string;
  /** Whether the authenticator reports the person verified (UV); true unless said otherwise. */
  userVerified?: boolean;
}

export interface SoftAuthenticatorOptions {
  /** The origin of the page the ceremonies run on. */
  origin: string;
  /**
   * How much the signature counter rises with each assertion; 0 acts as a synced passkey that
   * always reports 0.
   */
  counterStep?: number;
}

export class SoftAuthenticator {
  readonly credentials = new Map<string, SoftCredential>();
  private readonly origin: string;
  private readonly counterStep: number;

  constructor({ origin, counterStep = 1 }: SoftAuthenticatorOptions) {
    this.origin = origin;
    this.counterStep = counterStep;
  }

  /** navigator.credentials.create(): a new discoverable credential, answered with 'none' attestation. */
  create(options: PublicKeyCredentialCreationOptionsJSON, tweaks: Tweaks = {}): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    if (!options.pubKeyCredParams.some((param) => param.alg === COSE_ES256)) throw new Error('NotSupportedError: ES256 is not among pubKeyCredParams');
    if ((options.excludeCredentials ?? []).some((excluded) => this.credentials.has(excluded.id))) throw new Error('InvalidStateError: this authenticator already holds an excluded credential');

    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = randomBytes(32);
    const credential: SoftCredential = { id: b64url(rawId), rpId, userHandle: options.user.id, privateKey, publicKey, counter: 0 };

    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, COSE_ES256], // alg
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const attestedCredentialData = Buffer.concat([new Uint8Array(16) /* AAGUID: none given */, Uint8Array.of(rawId.length >> 8, rawId.length & 0xff), rawId, encodeCbor(coseKey)]);
    const authData = Buffer.concat([sha256(tweaks.rpId ?? rpId), Uint8Array.of(this.flags(tweaks) | AT), uint32(credential.counter), attestedCredentialData]);
    const attestationObject = encodeCbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, tweaks);

    this.credentials.set(credential.id, credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get(): an assertion by the credential named (or, with allowCredentials
   * empty, the only one held for the RP id), its counter raised first.
   */
  get(options: PublicKeyCredentialRequestOptionsJSON, tweaks: Tweaks & { credentialId?: string } = {}): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const credential = this.pick(rpId, options, tweaks.credentialId);
    credential.counter += this.counterStep;
    const authData = Buffer.concat([sha256(tweaks.rpId ?? rpId), Uint8Array.of(this.flags(tweaks)), uint32(credential.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tweaks);
    // ECDSA over authData || SHA-256(clientDataJSON); node:crypto answers DER, as WebAuthn wants.
    const signature = createSign('sha256').update(Buffer.concat([authData, sha256(clientDataJSON)])).sign(credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private pick(rpId: string, options: PublicKeyCredentialRequestOptionsJSON, credentialId: string | undefined): SoftCredential {
    const allowed = (options.allowCredentials ?? []).map((descriptor) => descriptor.id);
    const candidates = [...this.credentials.values()].filter(
      (credential) => credential.rpId === rpId && (allowed.length === 0 || allowed.includes(credential.id)) && (credentialId === undefined || credential.id === credentialId),
    );
    const [only, ...others] = candidates;
    if (!only) throw new Error('NotAllowedError: no credential for this RP id');
    if (others.length > 0) throw new Error('several credentials for this RP id: name one with credentialId');
    return only;
  }

  private flags(tweaks: Tweaks): number {
    return UP | (tweaks.userVerified === false ? 0 : UV);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, tweaks: Tweaks): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: tweaks.challenge ?? challenge, origin: tweaks.origin ?? this.origin, crossOrigin: false }));
  }
}
