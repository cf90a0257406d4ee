import { Writable } from 'node:stream';
import { createLogger, type Logger } from './logger';

/** A logger whose JSON lines are kept in memory, for tests that assert what gets logged. */
export function memoryLogger(level = 'debug', service = 'svc-test'): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const logger = createLogger({ service, level, destination });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines };
}
