import { Writable } from 'node:stream';
import { createLogger } from '@study/service-kit';
import { scrubbingDestination } from './secret-scrubbing';

const KEY = 'k3y+with/odd=chars"and-more';

function capture(secrets: (string | undefined)[]) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  const logger = createLogger({ service: 'svc-test', level: 'info', destination: scrubbingDestination(secrets, sink as never) });
  return { logger, output: () => lines.join('') };
}

describe('secret scrubbing of log lines', () => {
  it('replaces a configured secret wherever it appears, as is, URL-encoded or JSON-escaped', () => {
    const { logger, output } = capture([KEY]);
    logger.info({ url: `/api/ohready/${encodeURIComponent(KEY)}`, note: `given ${KEY}` }, `failed to decode '${KEY}'`);
    const text = output();
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
    expect(text).not.toContain(JSON.stringify(KEY).slice(1, -1));
    expect(text).toContain('/api/ohready/[Redacted]');
    expect(() => JSON.parse(text)).not.toThrow();
  });

  it('leaves short or missing secrets alone rather than blanking ordinary text', () => {
    const { logger, output } = capture(['a', undefined]);
    logger.info('a day at the lab');
    expect(output()).toContain('a day at the lab');
  });
});
