// Reads a Sentry envelope (https://develop.sentry.dev/sdk/data-model/envelopes/) as the browser's
// SDK sends it, and sums each error event up in a few bounded fields for one log line. Plain
// code, no SDK: the gateway imports it as @study/error-reporting/envelope.

/** An envelope that is not one: the gateway answers 400 with this message and logs no report. */
export class MalformedEnvelopeError extends Error {
  override name = 'MalformedEnvelopeError';
}

type JsonObject = Record<string, unknown>;

export interface EnvelopeItem {
  /** 'event' (an error), 'transaction' (a sampled trace), 'client_report', 'session', ... */
  type: string;
  header: JsonObject;
  /** The item's JSON, for the JSON item types; undefined for anything else (never read). */
  payload: JsonObject | undefined;
}

export interface Envelope {
  header: JsonObject;
  items: EnvelopeItem[];
}

/** Item types whose payload is one JSON object, checked as such; others pass unread. */
const JSON_ITEM_TYPES = new Set(['event', 'transaction', 'client_report', 'session', 'sessions', 'span', 'log']);
const MAX_ITEMS = 20;
const NEWLINE = 0x0a;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJsonObject(bytes: Buffer, what: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new MalformedEnvelopeError(`The ${what} is not valid JSON.`);
  }
  if (!isObject(value)) throw new MalformedEnvelopeError(`The ${what} must be a JSON object.`);
  return value;
}

/** The line starting at `from` (without its newline) and where the next one starts. */
function lineAt(body: Buffer, from: number): { line: Buffer; next: number } {
  const end = body.indexOf(NEWLINE, from);
  return end === -1 ? { line: body.subarray(from), next: body.length } : { line: body.subarray(from, end), next: end + 1 };
}

/**
 * Splits an envelope into its header and items: a header line, then per item a header line
 * (`type`, and `length` in bytes when the payload is given by size) and its payload. Throws
 * MalformedEnvelopeError naming what is wrong.
 */
export function parseEnvelope(body: Buffer): Envelope {
  if (body.length === 0) throw new MalformedEnvelopeError('The envelope is empty.');
  const first = lineAt(body, 0);
  const header = parseJsonObject(first.line, 'envelope header');
  const items: EnvelopeItem[] = [];
  let at = first.next;
  while (at < body.length) {
    const headerLine = lineAt(body, at);
    // A trailing newline (or blank line) between items is allowed.
    if (headerLine.line.length === 0) {
      at = headerLine.next;
      continue;
    }
    if (items.length === MAX_ITEMS) throw new MalformedEnvelopeError(`The envelope holds more than ${MAX_ITEMS} items.`);
    const itemHeader = parseJsonObject(headerLine.line, `header of item ${items.length + 1}`);
    const { type, length } = itemHeader;
    if (typeof type !== 'string' || type === '') throw new MalformedEnvelopeError(`Item ${items.length + 1} names no type.`);
    let payload: Buffer;
    if (length !== undefined) {
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) throw new MalformedEnvelopeError(`Item ${items.length + 1} has an invalid length.`);
      if (headerLine.next + length > body.length) throw new MalformedEnvelopeError(`Item ${items.length + 1} is shorter than its length says.`);
      payload = body.subarray(headerLine.next, headerLine.next + length);
      at = headerLine.next + length;
      // The newline after a sized payload is optional.
      if (body[at] === NEWLINE) at += 1;
    } else {
      const payloadLine = lineAt(body, headerLine.next);
      payload = payloadLine.line;
      at = payloadLine.next;
    }
    items.push({ type, header: itemHeader, payload: JSON_ITEM_TYPES.has(type) ? parseJsonObject(payload, `${type} item`) : undefined });
  }
  if (items.length === 0) throw new MalformedEnvelopeError('The envelope holds no item.');
  return { header, items };
}

/** An error event, summed up for one log line: every field bounded, no study ID. */
export interface ErrorReportSummary {
  eventId: string | undefined;
  /** The page's route template, e.g. /survey/:pgId. */
  route: string;
  /** The federation name of the part that failed (mf_nardi), or shell. */
  remote: string;
  /** The failing part's release, e.g. @study/mf-nardi@0.2.0. */
  release: string;
  /** How it was caught: uncaught, unhandled-rejection, boundary, remote-load. */
  kind: string;
  level: string;
  message: string;
  /** Innermost frame first, one 'function (file:line:column)' each. */
  stack: string[];
  environment: string | undefined;
}

export const SUMMARY_LIMITS = { text: 300, message: 500, frames: 20, frame: 200 } as const;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const EVENT_ID = /^[0-9a-f]{32}$/;

/** No study ID (a UUID) ever reaches a log line, whatever a browser put in its report. */
export function withoutIds(text: string): string {
  return text.replace(UUID, ':id');
}

/** Printable, without study IDs, at most `max` characters. */
function bounded(value: unknown, max: number = SUMMARY_LIMITS.text): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  // eslint-disable-next-line no-control-regex
  const clean = withoutIds(value).replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function tagOf(event: JsonObject, name: string): unknown {
  const tags = event.tags;
  if (isObject(tags)) return tags[name];
  // Tags may also come as [key, value] pairs.
  if (Array.isArray(tags)) return (tags.find((pair) => Array.isArray(pair) && pair[0] === name) as unknown[] | undefined)?.[1];
  return undefined;
}

/** The exception Sentry lists last is the one thrown; earlier ones are its causes. */
function primaryException(event: JsonObject): JsonObject | undefined {
  const exception = event.exception;
  const values = isObject(exception) ? exception.values : undefined;
  if (!Array.isArray(values)) return undefined;
  const last: unknown = values[values.length - 1];
  return isObject(last) ? last : undefined;
}

function messageOf(event: JsonObject, exception: JsonObject | undefined): string {
  if (exception) {
    const type = bounded(exception.type, 100);
    const value = bounded(exception.value, SUMMARY_LIMITS.message);
    if (type || value) return bounded([type, value].filter(Boolean).join(': '), SUMMARY_LIMITS.message) ?? '';
  }
  const message = event.message;
  if (typeof message === 'string') return bounded(message, SUMMARY_LIMITS.message) ?? '';
  if (isObject(message)) return bounded(message.formatted ?? message.message, SUMMARY_LIMITS.message) ?? '';
  return '';
}

/** A frame's file without the origin: the same build's files read alike from any host. */
function fileOf(filename: unknown): string | undefined {
  if (typeof filename !== 'string') return undefined;
  return filename.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
}

function stackOf(exception: JsonObject | undefined): string[] {
  const stacktrace = exception?.stacktrace;
  const frames = isObject(stacktrace) ? stacktrace.frames : undefined;
  if (!Array.isArray(frames)) return [];
  // Sentry lists the outermost call first.
  return frames
    .filter(isObject)
    .reverse()
    .slice(0, SUMMARY_LIMITS.frames)
    .map((frame) => {
      const where = [fileOf(frame.filename), frame.lineno, frame.colno].filter((part) => part !== undefined && part !== '').join(':');
      const fn = typeof frame.function === 'string' && frame.function !== '' ? frame.function : '?';
      return bounded(`${fn} (${where || 'unknown'})`, SUMMARY_LIMITS.frame) ?? '?';
    });
}

function kindOf(event: JsonObject, exception: JsonObject | undefined): string {
  const tagged = tagOf(event, 'kind');
  if (typeof tagged === 'string' && NAME.test(tagged)) return tagged;
  const mechanism = exception?.mechanism;
  const type = isObject(mechanism) ? mechanism.type : undefined;
  if (typeof type === 'string' && /onunhandledrejection/.test(type)) return 'unhandled-rejection';
  if (typeof type === 'string' && /onerror/.test(type)) return 'uncaught';
  return bounded(type, 60) ?? 'captured';
}

/** The error events of an envelope, each summed up; transactions and client reports are left out. */
export function errorReports(envelope: Envelope): ErrorReportSummary[] {
  return envelope.items
    .filter((item) => item.type === 'event' && item.payload !== undefined)
    .map((item) => {
      const event = item.payload as JsonObject;
      const exception = primaryException(event);
      const eventId = typeof event.event_id === 'string' && EVENT_ID.test(event.event_id) ? event.event_id : typeof envelope.header.event_id === 'string' && EVENT_ID.test(envelope.header.event_id) ? envelope.header.event_id : undefined;
      const remote = tagOf(event, 'remote');
      return {
        eventId,
        route: bounded(tagOf(event, 'route'), 200) ?? 'unknown',
        remote: typeof remote === 'string' && NAME.test(remote) ? remote : 'unknown',
        release: bounded(event.release, 200) ?? 'unknown',
        kind: kindOf(event, exception),
        level: typeof event.level === 'string' && /^[a-z]{1,10}$/.test(event.level) ? event.level : 'error',
        message: messageOf(event, exception),
        stack: stackOf(exception),
        environment: bounded(event.environment, 60),
      };
    });
}

/** The id of the event an envelope holds (Sentry answers it), when it holds one. */
export function envelopeEventId(envelope: Envelope): string | undefined {
  const id = envelope.header.event_id;
  return typeof id === 'string' && EVENT_ID.test(id) && envelope.items.some((item) => item.type === 'event') ? id : undefined;
}
