import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { downloadResourceSchema, type DownloadResource } from '@study/contracts';

/** What a download link's token says: which file, for whom (a staff id, or 'master-key'), until when (epoch seconds), and a one-time id. */
export interface DownloadClaims {
  resource: DownloadResource;
  sub: string;
  exp: number;
  nonce: string;
}

/** Who a link was made for: the staff id of the person who asked, or the master key's break-glass. */
const SUBJECT = /^(master-key|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export type DownloadTokenCheck = { valid: true; claims: DownloadClaims } | { valid: false; reason: 'malformed' | 'bad-signature' | 'other-resource' | 'expired' };

const MAX_TOKEN_LENGTH = 512;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const PART = /^[A-Za-z0-9_-]+$/;

const digest = (value: Buffer) => createHash('sha256').update(value).digest();

/**
 * Short-lived signed download links for the admin files the browser fetches by navigation (the
 * statistics CSV), so the master key itself never goes into a URL. A token is
 * base64url(JSON claims) '.' base64url(HMAC-SHA256(secret, first part)); the secret is derived
 * from the master key, so changing the key voids every link.
 */
export class DownloadLinkSigner {
  private constructor(private readonly secret: Buffer) {}

  static fromMasterKey(masterKey: string): DownloadLinkSigner {
    return new DownloadLinkSigner(createHmac('sha256', masterKey).update('svc-participants download links v1').digest());
  }

  sign(resource: DownloadResource, sub: string, now: Date, ttlSeconds: number): { token: string; claims: DownloadClaims } {
    if (!SUBJECT.test(sub)) throw new Error('A download link is made for a staff id or the master key');
    const claims: DownloadClaims = { resource, sub, exp: Math.floor(now.getTime() / 1000) + ttlSeconds, nonce: randomBytes(18).toString('base64url') };
    const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
    return { token: `${body}.${this.mac(body).toString('base64url')}`, claims };
  }

  /** Checks the signature in constant time first, then what the claims say. */
  verify(token: string, resource: DownloadResource, now: Date): DownloadTokenCheck {
    if (token.length > MAX_TOKEN_LENGTH) return { valid: false, reason: 'malformed' };
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length > 0 || !PART.test(body) || !PART.test(signature)) return { valid: false, reason: 'malformed' };
    // Equal-length digests: the comparison takes the same time whatever the given signature is.
    if (!timingSafeEqual(digest(Buffer.from(signature, 'base64url')), digest(this.mac(body)))) return { valid: false, reason: 'bad-signature' };
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return { valid: false, reason: 'malformed' };
    }
    const { resource: signedFor, sub, exp, nonce } = (claims ?? {}) as Partial<Record<keyof DownloadClaims, unknown>>;
    const parsedResource = downloadResourceSchema.safeParse(signedFor);
    if (!parsedResource.success || typeof sub !== 'string' || !SUBJECT.test(sub) || typeof exp !== 'number' || !Number.isInteger(exp) || typeof nonce !== 'string' || !NONCE.test(nonce)) {
      return { valid: false, reason: 'malformed' };
    }
    if (parsedResource.data !== resource) return { valid: false, reason: 'other-resource' };
    if (exp * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
    return { valid: true, claims: { resource: parsedResource.data, sub, exp, nonce } };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body, 'utf8').digest();
  }
}
