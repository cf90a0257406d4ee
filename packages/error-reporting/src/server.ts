// The server side of error reporting, for the gateway and the services (node only; the browser
// bundle never imports it): a project's DSN, passing a browser's envelope on to it, and a
// server's own 500 sent to it as a Sentry event envelope built here by hand (no SDK).
import { randomBytes } from 'node:crypto';
import { SUMMARY_LIMITS, withoutIds } from './envelope';

/** A project's DSN, e.g. https://<public key>@glitchtip.example.org/3. */
export interface SentryDsn {
  /** The DSN as written; it replaces the one the browser's envelope names. */
  text: string;
  /** Where the project's envelope endpoint is. */
  envelopeUrl: string;
}

const DSN = /^(https?):\/\/([A-Za-z0-9]+)(?::[A-Za-z0-9]*)?@([A-Za-z0-9.-]+(?::\d+)?)(\/(?:[^/?#]+\/)*)(\d+)$/;

/** Reads a DSN; throws an error naming what is wrong. */
export function parseDsn(text: string): SentryDsn {
  const match = DSN.exec(text.trim());
  if (!match) throw new Error('An error-reporting DSN must look like https://<public key>@<host>/<project id>.');
  const [, protocol, publicKey, host, path, projectId] = match as unknown as [string, string, string, string, string, string];
  const base = `${protocol}://${host}${path.replace(/\/$/, '')}`;
  // The project's own API (Sentry's envelope endpoint), not the study's route table.
  const endpoint = [base, 'api', projectId, 'envelope', ''].join('/');
  return { text: text.trim(), envelopeUrl: `${endpoint}?sentry_key=${publicKey}&sentry_version=7` };
}

/** True when `text` is a DSN parseDsn reads: for the settings' checks. */
export function isDsn(text: string): boolean {
  try {
    parseDsn(text);
    return true;
  } catch {
    return false;
  }
}

/** The envelope with the project's DSN in its header line instead of the page's. */
export function readdressed(body: Buffer, dsn: SentryDsn): Buffer {
  const end = body.indexOf(0x0a);
  const headerText = (end === -1 ? body : body.subarray(0, end)).toString('utf8');
  const header = { ...(JSON.parse(headerText) as Record<string, unknown>), dsn: dsn.text };
  return Buffer.concat([Buffer.from(JSON.stringify(header)), end === -1 ? Buffer.alloc(0) : body.subarray(end)]);
}

export interface ForwarderOptions {
  /** Longest wait for the project's answer. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** Sends an envelope to the project (with the project's DSN in its header); rejects when it does not take it. */
export function envelopeForwarder(dsn: SentryDsn, options: ForwarderOptions = {}): (body: Buffer) => Promise<void> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  return async (body) => {
    const response = await fetchImpl(dsn.envelopeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: new Uint8Array(readdressed(body, dsn)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`the error-reporting project answered ${response.status}`);
  };
}

/** A stack frame as Sentry reads it. */
export interface SentryFrame {
  filename?: string;
  function?: string;
  lineno?: number;
  colno?: number;
  in_app: boolean;
}

/** Where a server error happened and which build it was: all an event says besides the error. */
export interface ServerErrorContext {
  /** The deployable, e.g. svc-scoring or gateway: the event's logger and `service` tag. */
  service: string;
  /** e.g. @study/svc-scoring@0.4.0. */
  release: string;
  /** The route template (/api/user/events/:pgId), never the path the caller used. */
  route: string;
  method: string;
  environment?: string;
}

const V8_FRAME = /^\s*at (?:(.+?) \((.+?):(\d+):(\d+)\)|(.+?):(\d+):(\d+))$/;
const V8_FRAME_LINE = /^\s+at /;

/** A V8 stack's frames, innermost first, at most `limit`: each cut of study IDs. */
export function parseStackFrames(stack: string, limit: number = SUMMARY_LIMITS.frames): SentryFrame[] {
  return stack
    .split('\n')
    .filter((line) => V8_FRAME_LINE.test(line))
    .slice(0, limit)
    .map((line) => {
      const match = V8_FRAME.exec(withoutIds(line));
      if (!match) return { function: withoutIds(line.replace(V8_FRAME_LINE, '').trim()).slice(0, SUMMARY_LIMITS.frame), in_app: false };
      const [, fn, file, line1, col1, bareFile, line2, col2] = match;
      const filename = (file ?? bareFile ?? '').slice(0, SUMMARY_LIMITS.frame);
      // Node's own modules and installed packages are not the study's code.
      const inApp = !filename.startsWith('node:') && !filename.includes('/node_modules/');
      return { filename, ...(fn ? { function: fn.slice(0, SUMMARY_LIMITS.frame) } : {}), lineno: Number(line1 ?? line2), colno: Number(col1 ?? col2), in_app: inApp };
    });
}

/** A fresh event id: 32 hex digits, as Sentry wants. */
export function newEventId(): string {
  return randomBytes(16).toString('hex');
}

export interface ServerEventOptions {
  eventId?: string;
  now?: Date;
}

/**
 * The Sentry event envelope of a server's own 500: a header line, an `event` item header and the
 * event. It names the route template, never the path, query, headers or body; no server name;
 * every study ID (a UUID) cut from the message and the frames, as the log line does.
 */
export function serverErrorEnvelope(error: unknown, context: ServerErrorContext, dsn: SentryDsn, options: ServerEventOptions = {}): Buffer {
  const eventId = options.eventId ?? newEventId();
  const now = options.now ?? new Date();
  const isError = error instanceof Error;
  const type = isError ? error.name || error.constructor.name || 'Error' : typeof error;
  const value = withoutIds(isError ? error.message : String(error)).slice(0, SUMMARY_LIMITS.message);
  // V8 lists the innermost call first; Sentry wants the outermost first.
  const frames = isError && typeof error.stack === 'string' ? parseStackFrames(error.stack).reverse() : [];
  const event = {
    event_id: eventId,
    timestamp: now.getTime() / 1000,
    platform: 'node',
    level: 'error',
    logger: context.service,
    release: context.release,
    ...(context.environment ? { environment: context.environment } : {}),
    tags: { service: context.service, route: context.route },
    exception: { values: [{ type, value, ...(frames.length > 0 ? { stacktrace: { frames } } : {}) }] },
    request: { method: context.method, url: context.route },
  };
  const header = { event_id: eventId, sent_at: now.toISOString(), dsn: dsn.text };
  return Buffer.from(`${JSON.stringify(header)}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n`);
}

export interface WarnLog {
  warn(fields: object, message: string): void;
}

export interface ServerErrorReporterOptions extends ForwarderOptions {
  service: string;
  release: string;
  environment?: string;
  /** Sends in flight at once; one more error while they are is not sent (logged only). */
  maxConcurrent?: number;
}

/** Sends one 500 to the project, in the background: never throws, never waits. */
export type ServerErrorReporter = (error: unknown, where: { route: string; method: string }, log: WarnLog) => void;

/**
 * A reporter of a server's 500s to the project: each sent after the answer, with a short timeout
 * and at most `maxConcurrent` in flight, so a slow or absent project never holds a request or
 * piles up sockets. A send that fails or is skipped is one warn line.
 */
export function serverErrorReporter(dsn: SentryDsn, options: ServerErrorReporterOptions): ServerErrorReporter {
  const send = envelopeForwarder(dsn, { timeoutMs: options.timeoutMs ?? 3_000, ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}) });
  const maxConcurrent = options.maxConcurrent ?? 4;
  let inFlight = 0;
  return (error, where, log) => {
    if (inFlight >= maxConcurrent) {
      log.warn({ inFlight }, 'server error not sent to the error-reporting project: too many sends in flight');
      return;
    }
    let body: Buffer;
    try {
      body = serverErrorEnvelope(error, { service: options.service, release: options.release, ...(options.environment ? { environment: options.environment } : {}), ...where }, dsn);
    } catch (err) {
      log.warn({ err }, 'server error not sent to the error-reporting project');
      return;
    }
    inFlight += 1;
    send(body)
      .catch((err: unknown) => log.warn({ err }, 'server error not sent to the error-reporting project'))
      .finally(() => {
        inFlight -= 1;
      });
  };
}
