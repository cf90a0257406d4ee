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
 * A copy of a log object with credential-named fields censored at any depth. Pino's own
 * redaction needs fixed paths; secrets can sit anywhere (headers, event data, errors' extras).
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    copy[name] = isSecretName(name) ? REDACTED : redactSecrets(inner, depth + 1);
  }
  return copy;
}

export interface LoggerOptions {
  service: string;
  level?: string;
  /** Where JSON lines go; stdout when omitted. */
  destination?: DestinationStream;
}

/** One JSON line per event, with the service name on every line and credentials censored. */
export function createLogger({ service, level = 'info', destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      bindings: (bindings) => redactSecrets(bindings) as Record<string, unknown>,
      log: (object) => redactSecrets(object) as Record<string, unknown>,
    },
    // Errors can carry extra fields (a failed HTTP call's headers, say): censor those too.
    serializers: { err: (err: Error) => redactSecrets({ ...pino.stdSerializers.err(err) }) },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  // Pino applies the bindings formatter to the root logger only; children inherit this
  // wrapper through their prototype, so their bindings are censored too.
  const originalChild = logger.child as unknown as (this: Logger, bindings: pino.Bindings, options?: pino.ChildLoggerOptions) => Logger;
  logger.child = function child(this: Logger, bindings: pino.Bindings, childOptions?: pino.ChildLoggerOptions) {
    return originalChild.call(this, redactSecrets(bindings) as pino.Bindings, childOptions);
  } as unknown as Logger['child'];
  return logger;
}
