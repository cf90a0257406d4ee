import { createHmac } from 'node:crypto';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

export const REDACTED = '[Redacted]';

const SECRET_NAMES = new Set(['key', 'token', 'secret', 'password', 'passwd', 'authorization', 'proxyauthorization', 'cookie', 'setcookie']);
const SECRET_SUFFIXES = ['token', 'secret', 'password', 'signature', 'apikey', 'masterkey', 'privatekey', 'secretkey', 'signingkey', 'accesskey'];

/** Whether a field name looks like it holds a credential (accessToken, client_secret, masterKey, ...). */
export function isSecretName(name: string): boolean {
  const normal = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_NAMES.has(normal) || SECRET_SUFFIXES.some((suffix) => normal.endsWith(suffix));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const MAX_DEPTH = 8;

/**
 * A participant's keyed fingerprint: what log lines say instead of their study ID, so the logs
 * never hold the key to a participant's data. Someone holding LOG_FINGERPRINT_KEY and a study ID
 * can still find that participant's lines.
 */
export function participantFingerprint(key: string, pgId: string): string {
  return `fp_${createHmac('sha256', key).update(pgId.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
}

/** Log fields that hold study IDs, and the names their fingerprints are logged under. */
const STUDY_ID_FIELDS: Readonly<Record<string, string>> = { pgId: 'participant', pgIds: 'participants' };

function fingerprinted(value: unknown, fingerprint: (pgId: string) => string): unknown {
  if (typeof value === 'string') return fingerprint(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? fingerprint(item) : item));
  return value;
}

/**
 * A copy of a log object with credential-named fields censored at any depth and, given a
 * fingerprint, study IDs (pgId, pgIds) replaced by their fingerprints. Pino's
 * own redaction needs fixed paths; these can sit anywhere (headers, event data, errors' extras).
 */
export function redactSecrets(value: unknown, depth = 0, fingerprint?: (pgId: string) => string): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1, fingerprint));
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    const renamed = fingerprint ? STUDY_ID_FIELDS[name] : undefined;
    if (renamed) copy[renamed] = fingerprinted(inner, fingerprint!);
    else copy[name] = isSecretName(name) ? REDACTED : redactSecrets(inner, depth + 1, fingerprint);
  }
  return copy;
}

export interface LoggerOptions {
  service: string;
  level?: string;
  /** Where JSON lines go; stdout when omitted. */
  destination?: DestinationStream;
  /** LOG_FINGERPRINT_KEY: study IDs in log fields are written as participantFingerprint(key, pgId). */
  fingerprintKey?: string;
}

/** The trace and span a line was written in, when one is traced: a line leads to its trace and back. */
export function traceFields(): { traceId?: string; spanId?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { traceId: context.traceId, spanId: context.spanId } : {};
}

/** One JSON line per event, with the service name on every line, the trace it was written in, and credentials censored. */
export function createLogger({ service, level = 'info', destination, fingerprintKey }: LoggerOptions): Logger {
  const fingerprint = fingerprintKey ? (pgId: string) => participantFingerprint(fingerprintKey, pgId) : undefined;
  const redact = (value: unknown) => redactSecrets(value, 0, fingerprint);
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: traceFields,
    formatters: {
      level: (label) => ({ level: label }),
      bindings: (bindings) => redact(bindings) as Record<string, unknown>,
      log: (object) => redact(object) as Record<string, unknown>,
    },
    // Errors can carry extra fields (a failed HTTP call's headers, say): censor those too.
    serializers: { err: (err: Error) => redact({ ...pino.stdSerializers.err(err) }) },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  // Pino applies the bindings formatter to the root logger only; children inherit this
  // wrapper through their prototype, so their bindings are censored too.
  const originalChild = logger.child as unknown as (this: Logger, bindings: pino.Bindings, options?: pino.ChildLoggerOptions) => Logger;
  logger.child = function child(this: Logger, bindings: pino.Bindings, childOptions?: pino.ChildLoggerOptions) {
    return originalChild.call(this, redact(bindings) as pino.Bindings, childOptions);
  } as unknown as Logger['child'];
  return logger;
}
