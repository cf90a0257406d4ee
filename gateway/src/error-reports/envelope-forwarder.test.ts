import { startFakeUpstream, type FakeUpstream } from '../test-support/fake-upstream';
import { envelopeForwarder, parseDsn, readdressed } from './envelope-forwarder';

describe('parseDsn', () => {
  it('finds the project envelope endpoint of a DSN, under a path too', () => {
    expect(parseDsn('https://0123abcd@glitchtip.example.org/3').envelopeUrl).toBe('https://glitchtip.example.org/api/3/envelope/?sentry_key=0123abcd&sentry_version=7');
    expect(parseDsn('http://key@127.0.0.1:9000/sentry/42').envelopeUrl).toBe('http://127.0.0.1:9000/sentry/api/42/envelope/?sentry_key=key&sentry_version=7');
  });

  it.each(['glitchtip.example.org/3', 'https://glitchtip.example.org/3', 'https://key@glitchtip.example.org/project', 'ftp://key@host/1'])('refuses %s', (text) => {
    expect(() => parseDsn(text)).toThrow('DSN must look like');
  });
});

describe('envelopeForwarder', () => {
  let project: FakeUpstream;
  beforeAll(async () => {
    project = await startFakeUpstream('error-project');
  });
  afterAll(async () => {
    await project?.close();
  });

  it("passes the envelope on with the project's DSN in its header and the rest unchanged", async () => {
    const dsn = parseDsn(`http://0123abcd@127.0.0.1:${project.port}/7`);
    const rest = `${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message: 'x' })}`;
    const body = Buffer.from(`${JSON.stringify({ event_id: 'e', dsn: 'http://study@page/1' })}\n${rest}`);
    await envelopeForwarder(dsn)(body);
    expect(project.requests).toHaveLength(1);
    const [sent] = project.requests;
    expect(sent?.url).toBe('/api/7/envelope/?sentry_key=0123abcd&sentry_version=7');
    expect(sent?.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(sent?.body.toString('utf8')).toBe(readdressed(body, dsn).toString('utf8'));
    expect(sent?.body.toString('utf8')).toBe(`${JSON.stringify({ event_id: 'e', dsn: dsn.text })}\n${rest}`);
  });
});
