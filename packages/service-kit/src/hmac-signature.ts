import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ErrorCodes } from '@study/contracts';
import { AppError } from './errors';
// Type-only: brings in the Request fields the kit adds (module augmentation), no code.
import type {} from './express-types';

/** The webhook signatures in use: Open Humans signs with sha1, TypeFinder with sha256. */
export type HmacAlgorithm = 'sha1' | 'sha256';

const HEX_LENGTH: Record<HmacAlgorithm, number> = { sha1: 40, sha256: 64 };

/** `<algorithm>=<hex HMAC of the raw body>`, the form of a signed webhook's signature header. */
export function hmacSignature(algorithm: HmacAlgorithm, rawBody: Buffer | string, secret: string): string {
  return `${algorithm}=${createHmac(algorithm, secret).update(rawBody).digest('hex')}`;
}

/**
 * True when `header` is `<algorithm>=<hex>` signing exactly these body bytes with the secret.
 * The digests are compared in constant time; a missing or malformed header is simply not valid.
 */
export function isValidHmacSignature(algorithm: HmacAlgorithm, header: string | undefined, rawBody: Buffer | undefined, secret: string): boolean {
  if (header === undefined || rawBody === undefined) return false;
  const value = header.trim();
  const prefix = `${algorithm}=`;
  if (!value.toLowerCase().startsWith(prefix)) return false;
  const given = value.slice(prefix.length).toLowerCase();
  if (!new RegExp(`^[0-9a-f]{${HEX_LENGTH[algorithm]}}$`).test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), createHmac(algorithm, secret).update(rawBody).digest());
}

/**
 * The guard of a signed webhook: 401 unless `header` signs the exact body bytes, before the body
 * is parsed or anything is looked at (mount runs guards first).
 */
export function requireHmacSignature(algorithm: HmacAlgorithm, header: string, secret: string): RequestHandler {
  return (req, _res, next) => {
    if (isValidHmacSignature(algorithm, req.get(header), req.rawBody, secret)) next();
    else next(new AppError(401, ErrorCodes.WEBHOOK_SIGNATURE_INVALID, 'The webhook signature is missing or does not match the body.'));
  };
}
