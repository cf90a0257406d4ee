import pino, { type DestinationStream, type Logger } from 'pino';
import { apiRoutes } from '@study/contracts';
import { createLogger } from '@study/service-kit';

interface SecretPath {
  pattern: RegExp;
  replacement: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** For '/api/ohready/:masterKey': anything in the key's place becomes ':masterKey'. */
const SECRET_PATHS: readonly SecretPath[] = apiRoutes.flatMap((route) =>
  (route.secretParams ?? []).map((param) => {
    const at = route.path.indexOf(`/:${param}`);
    const prefix = route.path.slice(0, at + 1);
    return { pattern: new RegExp(`(${escapeRegExp(prefix)})[^\\s"'?#/\\\\]+`, 'gi'), replacement: `$1:${param}` };
  }),
);

/** Replaces every secret carried in a known API path of a log line with its parameter name. */
export function scrubSecretPaths(line: string): string {
  return SECRET_PATHS.reduce((text, { pattern, replacement }) => text.replace(pattern, replacement), line);
}

/**
 * The last line of defence: whatever a log line holds (an error message quoting a URL, say),
 * a secret path parameter never reaches the log output.
 */
export function scrubbingDestination(destination: DestinationStream): DestinationStream {
  return { write: (line: string) => destination.write(scrubSecretPaths(line)) };
}

export interface GatewayLoggers {
  /** Everything but the access lines: credentials censored at any depth (the service kit's logger). */
  logger: Logger;
  /**
   * The one line per request. Its fields are fixed and hold no credential (a sane or generated
   * request id, the method, a route template or file path, the status, the duration), so it
   * skips the per-field censoring every other line gets; the secret-path scrub still applies.
   */
  accessLogger: Logger;
}

/**
 * Lines go to stdout asynchronously: one write while the previous one is in flight carries
 * every line queued meanwhile (under load, many requests share one write), and pino flushes
 * what is left when the process exits.
 */
export function createGatewayLoggers(level: string, destination: DestinationStream = pino.destination({ dest: 1, sync: false })): GatewayLoggers {
  const scrubbed = scrubbingDestination(destination);
  const logger = createLogger({ service: 'gateway', level, destination: scrubbed });
  const accessLogger = pino(
    {
      level,
      base: { service: 'gateway' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    scrubbed,
  );
  return { logger, accessLogger };
}
