import pino, { type DestinationStream, type Logger } from 'pino';
import { createLogger, REDACTED } from '@study/service-kit';
import { configuredSecrets, type ParticipantsConfig } from '../config';

/** Shorter values are too likely to occur in ordinary text to be replaced wherever they appear. */
const MIN_SCRUBBED_LENGTH = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a secret can take in a log line: as is, URL-encoded, JSON-escaped. */
function spellings(secret: string): string[] {
  return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
}

/**
 * The last line of defence for secrets in logs: whatever a line holds (an error quoting a URL,
 * say), a configured secret never reaches the output; it is written as [Redacted].
 */
export function scrubbingDestination(secrets: readonly (string | undefined)[], destination: DestinationStream): DestinationStream {
  const forms = [...new Set(secrets.filter((secret): secret is string => secret !== undefined && secret.length >= MIN_SCRUBBED_LENGTH).flatMap(spellings))];
  if (forms.length === 0) return destination;
  // Longest first, so a secret is never half-replaced by a shorter one it contains.
  const pattern = new RegExp(forms.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
  return { write: (line: string) => destination.write(line.replace(pattern, REDACTED)) };
}

/** The service's logger: JSON lines on stdout with its secrets (the admin master key first of all) scrubbed. */
export function participantsLogger(config: ParticipantsConfig, service: string): Logger {
  return createLogger({ service, level: config.LOG_LEVEL, fingerprintKey: config.LOG_FINGERPRINT_KEY, destination: scrubbingDestination(configuredSecrets(config), pino.destination({ dest: 1, sync: true })) });
}
