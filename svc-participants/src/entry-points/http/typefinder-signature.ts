import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** `sha256=<hex HMAC-SHA256 of the raw body>`, the value of X-TypeFinder-Signature. */
export function typeFinderSignature(rawBody: Buffer | string, secret: string): string {
  return `${PREFIX}${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/**
 * True when `header` signs exactly these body bytes with the shared secret. The digests are
 * compared in constant time; a missing or malformed header is simply not valid.
 */
export function isValidTypeFinderSignature(header: string | undefined, rawBody: Buffer | undefined, secret: string): boolean {
  if (header === undefined || rawBody === undefined) return false;
  const value = header.trim();
  if (!value.toLowerCase().startsWith(PREFIX)) return false;
  const given = value.slice(PREFIX.length).toLowerCase();
  if (!SHA256_HEX.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), createHmac('sha256', secret).update(rawBody).digest());
}
