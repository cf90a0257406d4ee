import { hmacSignature } from '@study/service-kit';

/** The header the study reads the signature from. */
export const SIGNATURE_HEADER = 'X-TypeFinder-Signature';
const TIMEOUT_MS = 10_000;

export interface TypeFinderResult {
  email: string;
  typeCode: string;
}

export type DeliveryOutcome = { delivered: true; status: number; body: string } | { delivered: false; error: string };

/** `sha256=<hex HMAC-SHA256 of the raw body>`, the value of X-TypeFinder-Signature. */
export function signBody(rawBody: string, secret: string): string {
  return hmacSignature('sha256', rawBody, secret);
}

/** Sends one result to the study: a JSON POST `{email, typeCode}`, signed over the exact bytes sent. */
export async function sendResult(url: string, result: TypeFinderResult, secret: string): Promise<DeliveryOutcome> {
  const rawBody = JSON.stringify({ email: result.email, typeCode: result.typeCode });
  const headers = { 'content-type': 'application/json', 'user-agent': 'TypeFinder-Standin/1.0', [SIGNATURE_HEADER]: signBody(rawBody, secret) };
  try {
    const res = await fetch(url, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { delivered: true, status: res.status, body: (await res.text()).slice(0, 2000) };
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    return { delivered: false, error: cause ? `${(err as Error).message}: ${cause}` : (err as Error).message };
  }
}
