import http from 'node:http';
import https from 'node:https';
import { hmacSignature } from '@study/service-kit';

export const SIGNATURE_HEADER = 'X-OpenHumans-Webhooks-Signature';
/** What the platform's `requests` 2.32.3 sends with every call. */
const REQUESTS_HEADERS = { 'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', Accept: '*/*' };
const KEPT_RESPONSE_CHARS = 2000;
const KEPT_ATTEMPTS = 200;

export interface DeauthNotice {
  project_member_id: string;
  erasure_requested: boolean;
  timestamp: string;
}

/** One POST the platform made to the project's webhook, as the test controls show it. */
export interface WebhookAttempt {
  /** 1: the signed notice; 2: the platform's legacy retry after a non-2xx answer. */
  attempt: 1 | 2;
  project_member_id: string;
  url: string;
  sent_at: string;
  headers: Record<string, string>;
  body: string;
  status: number | null;
  response_body: string | null;
  /** Set when the call got no answer (connection refused, reset). */
  error: string | null;
}

export type WebhookOutcome =
  | { delivered: true; url: string; status: number; body: string; attempts: WebhookAttempt[] }
  | { delivered: false; url: string; error: string; attempts: WebhookAttempt[] };

/** `sha1=<hex HMAC-SHA1 of the raw body>`, the value of the signature header. */
export function signBody(rawBody: string, secret: string): string {
  return hmacSignature('sha1', rawBody, secret);
}

/** Python's json.dumps of a str: ensure_ascii escapes every non-ASCII character as \uXXXX. */
export function pythonJsonString(text: string): string {
  return JSON.stringify(text).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The notice as the platform writes it: Python's json.dumps, so ", " and ": " between items. */
export function pythonJsonNotice(notice: DeauthNotice): string {
  return `{"project_member_id": ${pythonJsonString(notice.project_member_id)}, "erasure_requested": ${notice.erasure_requested}, "timestamp": ${pythonJsonString(notice.timestamp)}}`;
}

/** arrow's isoformat of a UTC time: microseconds only when not zero, and a +00:00 offset. */
export function pythonIsoformat(ms: number): string {
  const iso = new Date(ms).toISOString();
  const millis = iso.slice(20, 23);
  return `${iso.slice(0, 19)}${millis === '000' ? '' : `.${millis}000`}+00:00`;
}

/** The test controls' record of every webhook call, newest last (in memory only). */
export class WebhookLog {
  private readonly attempts: WebhookAttempt[] = [];

  record(attempt: WebhookAttempt): void {
    this.attempts.push(attempt);
    if (this.attempts.length > KEPT_ATTEMPTS) this.attempts.splice(0, this.attempts.length - KEPT_ATTEMPTS);
  }

  all(): WebhookAttempt[] {
    return [...this.attempts];
  }
}

/**
 * One POST with no timeout, as `requests.post` without one waits for as long as the project
 * takes. node:http rather than fetch, so only the headers the platform sends are sent.
 */
function post(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(target, { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < KEPT_RESPONSE_CHARS * 4) chunks.push(chunk);
        kept += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, KEPT_RESPONSE_CHARS) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function describe(err: unknown): string {
  const e = err as { message?: string; code?: string };
  return e.code && !String(e.message).includes(e.code) ? `${e.code}: ${e.message}` : String(e.message ?? err);
}

/**
 * Tells the project that a member left, as DataRequestProjectMember.deauth_webhook does: the
 * notice as JSON, signed when the project has a secret. When the project answers anything but
 * 2xx, the platform posts once more with `requests.post(url, json=payload_text)` (kept for
 * projects written against an old double-encoding bug): the same JSON text encoded again as a
 * JSON string, Content-Type application/json, unsigned. Its answer is not looked at. A call that
 * gets no answer raises on the platform; here it is the undelivered outcome.
 */
export async function sendDeauthWebhook(url: string, notice: DeauthNotice, secret: string | undefined, log: WebhookLog, now: () => number): Promise<WebhookOutcome> {
  const attempts: WebhookAttempt[] = [];
  const attempt = async (n: 1 | 2, headers: Record<string, string>, body: string) => {
    const record: WebhookAttempt = { attempt: n, project_member_id: notice.project_member_id, url, sent_at: new Date(now()).toISOString(), headers, body, status: null, response_body: null, error: null };
    attempts.push(record);
    log.record(record);
    try {
      const answer = await post(url, headers, Buffer.from(body, 'utf8'));
      record.status = answer.status;
      record.response_body = answer.body;
      return answer;
    } catch (err) {
      record.error = describe(err);
      throw err;
    }
  };

  const rawBody = pythonJsonNotice(notice);
  const headers: Record<string, string> = { ...REQUESTS_HEADERS, 'Content-Type': 'application/json' };
  if (secret) headers[SIGNATURE_HEADER] = signBody(rawBody, secret);
  try {
    const first = await attempt(1, headers, rawBody);
    if (first.status < 200 || first.status > 299) await attempt(2, { ...REQUESTS_HEADERS, 'Content-Type': 'application/json' }, pythonJsonString(rawBody));
    return { delivered: true, url, status: first.status, body: first.body, attempts };
  } catch (err) {
    return { delivered: false, url, error: describe(err), attempts };
  }
}
