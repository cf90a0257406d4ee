import { Writable } from 'node:stream';
import { createLogger, participantFingerprint, type Logger } from './logger';

/** The LOG_FINGERPRINT_KEY of every test service and memory logger. */
export const TEST_LOG_FINGERPRINT_KEY = 'log-fingerprint-key-for-tests';

/** How a test service's log lines name a participant (their `participant` field). */
export function loggedParticipant(pgId: string): string {
  return participantFingerprint(TEST_LOG_FINGERPRINT_KEY, pgId);
}

/**
 * A logger whose JSON lines are kept in memory, for tests that assert what gets logged. It writes
 * as a service does: study IDs as fingerprints (loggedParticipant), credentials censored.
 */
export function memoryLogger(level = 'debug', service = 'svc-test'): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const logger = createLogger({ service, level, destination, fingerprintKey: TEST_LOG_FINGERPRINT_KEY });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines };
}
