import { hmacSignature } from '@study/service-kit';

export const SIGNATURE_HEADER = 'X-OpenHumans-Webhooks-Signature';
const TIMEOUT_MS = 10_000;

export interface DeauthNotice {
  project_member_id: string;
  erasure_requested: boolean;
  timestamp: string;
}

export type WebhookOutcome =
  | { delivered: true; url: string; status: number; body: string }
  | { delivered: false; url: string; error: string };

/** `sha1=<hex HMAC-SHA1 of the raw body>`, the value of the signature header. */
export function signBody(rawBody: string, secret: string): string {
  return hmacSignature('sha1', rawBody, secret);
}

/** Tells the project that a member left, as the platform does: one JSON POST, signed when a secret is set. */
export async function sendDeauthWebhook(url: string, notice: DeauthNotice, secret: string | undefined): Promise<WebhookOutcome> {
  const rawBody = JSON.stringify(notice);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'OpenHumans-Standin/1.0' };
  if (secret) headers[SIGNATURE_HEADER] = signBody(rawBody, secret);
  try {
    const res = await fetch(url, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = await res.text();
    return { delivered: true, url, status: res.status, body: body.slice(0, 2000) };
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    return { delivered: false, url, error: cause ? `${(err as Error).message}: ${cause}` : (err as Error).message };
  }
}
