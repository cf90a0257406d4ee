import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
/** 96-bit IVs are what GCM is designed for. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A secret as stored: AES-256-GCM with a random IV; all parts base64. */
export interface SealedSecret {
  iv: string;
  tag: string;
  data: string;
}

/**
 * The 32-byte key from TOKEN_ENCRYPTION_KEY: 64 hex characters or base64 (standard or URL-safe)
 * of 32 bytes. Undefined when the value is neither.
 */
export function parseEncryptionKey(value: string): Buffer | undefined {
  const text = value.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === KEY_BYTES) return bytes;
  }
  return undefined;
}

/** Raised when a sealed secret cannot be opened: wrong key, wrong context or altered bytes. */
export class SealedSecretError extends Error {
  constructor() {
    super('A stored secret could not be decrypted: the key is wrong or the stored value was altered.');
    this.name = 'SealedSecretError';
  }
}

/**
 * Encrypts the Open Humans tokens at rest. `context` (e.g. `${pgId}:refresh`) is bound as
 * additional authenticated data, so a sealed value copied to another participant or field
 * does not open.
 */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`The token encryption key must be ${KEY_BYTES} bytes`);
    this.key = Buffer.from(key);
  }

  static fromConfig(value: string): TokenCipher {
    const key = parseEncryptionKey(value);
    if (!key) throw new Error('TOKEN_ENCRYPTION_KEY is not a 32-byte key in hex or base64');
    return new TokenCipher(key);
  }

  seal(plaintext: string, context: string): SealedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  open(sealed: SealedSecret, context: string): string {
    try {
      const iv = Buffer.from(sealed.iv, 'base64');
      const tag = Buffer.from(sealed.tag, 'base64');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealedSecretError();
      const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedSecretError();
    }
  }
}
