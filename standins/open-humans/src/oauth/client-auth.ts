import { createHash, timingSafeEqual } from 'node:crypto';
import type { StandinConfig } from '../config';

function decodePart(part: string): string {
  // RFC 6749 section 2.3.1: id and secret are form-encoded before Basic encoding.
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

function sameSecret(a: string, b: string): boolean {
  // Compare digests so the comparison takes the same time whatever the lengths.
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** True when the Authorization header carries the project's client id and secret by HTTP Basic. */
export function isAuthenticatedClient(authorization: string | undefined, config: StandinConfig): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const id = decodePart(decoded.slice(0, colon));
  const secret = decodePart(decoded.slice(colon + 1));
  return id === config.clientId && sameSecret(secret, config.clientSecret);
}
