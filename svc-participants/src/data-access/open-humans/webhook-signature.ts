import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha1=';
const SHA1_HEX = /^[0-9a-f]{40}$/;

/** `sha1=<hex HMAC-SHA1 of the raw body>`, the value Open Humans puts in X-OpenHumans-Webhooks-Signature. */
export function webhookSignature(rawBody: Buffer | string, secret: string): string {
  return `${PREFIX}${createHmac('sha1', secret).update(rawBody).digest('hex')}`;
}

/**
 * True when `header` is the signature of exactly these body bytes. The digests are compared
 * in constant time; a missing or malformed header is simply not valid.
 */
export function isValidWebhookSignature(header: string | undefined, rawBody: Buffer | undefined, secret: string): boolean {
  if (header === undefined || rawBody === undefined) return false;
  const value = header.trim();
  if (!value.toLowerCase().startsWith(PREFIX)) return false;
  const given = value.slice(PREFIX.length).toLowerCase();
  if (!SHA1_HEX.test(given)) return false;
  const expected = createHmac('sha1', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
