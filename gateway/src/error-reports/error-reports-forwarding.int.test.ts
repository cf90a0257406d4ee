import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { routes } from '@study/contracts';
import { unusedPort } from '../test-support/fake-upstream';
import { startGateway, type RunningGateway } from '../test-support/harness';

const EVENT_ID = 'c0ffee00c0ffee00c0ffee00c0ffee00';

/** What a Sentry or GlitchTip project received: one POST per envelope. */
interface Received {
  url: string;
  contentType: string | undefined;
  body: string;
}

/** A project's envelope endpoint on this machine, answering `status`; `next()` resolves with the next envelope it receives. */
async function startProject(status: number) {
  const waiting: ((received: Received) => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ id: EVENT_ID }));
      waiting.shift()?.({ url: req.url ?? '', contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An envelope as the shell's SDK sends it, naming the page's DSN (the gateway's own route). */
function envelope(): string {
  const event = { event_id: EVENT_ID, level: 'error', release: '@study/shell@0.3.0', tags: { route: '/dashboard', remote: 'shell', kind: 'uncaught' }, message: 'the dashboard failed' };
  return [JSON.stringify({ event_id: EVENT_ID, sent_at: '2026-11-27T14:00:00.000Z', dsn: 'http://study@127.0.0.1/1' }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
}

async function gatewayForwardingTo(dsn: string): Promise<RunningGateway> {
  const down = async () => `http://127.0.0.1:${await unusedPort()}`;
  return startGateway({ PARTICIPANTS_URL: await down(), SCORING_URL: await down(), REPORTS_URL: await down(), ERROR_REPORTING_DSN: dsn });
}

describe('browser error reports with ERROR_REPORTING_DSN set', () => {
  let project: Awaited<ReturnType<typeof startProject>> | undefined;
  let running: RunningGateway | undefined;
  afterEach(async () => {
    await running?.gateway.stop();
    await project?.close();
  });

  it("arrive at the project's envelope endpoint as sent, addressed to its DSN, and are logged as well", async () => {
    project = await startProject(200);
    const dsn = `http://0123abcd@127.0.0.1:${project.port}/7`;
    running = await gatewayForwardingTo(dsn);
    const arrived = project.next();
    await request(running.url).post(routes.reportErrors.path).set('content-type', 'text/plain;charset=UTF-8').send(envelope()).expect(200, { id: EVENT_ID });
    const received = await arrived;
    expect(received.url).toBe('/api/7/envelope/?sentry_key=0123abcd&sentry_version=7');
    expect(received.contentType).toBe('application/x-sentry-envelope');
    const [header, itemHeader, event] = received.body.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).toEqual({ event_id: EVENT_ID, sent_at: '2026-11-27T14:00:00.000Z', dsn });
    expect(itemHeader).toEqual({ type: 'event' });
    expect(event).toMatchObject({ event_id: EVENT_ID, release: '@study/shell@0.3.0', message: 'the dashboard failed' });
    expect(running.logs.entries().filter((entry) => entry.msg === 'browser error report')).toHaveLength(1);
  });

  it('answer the browser all the same when the project refuses one, and say so in the log', async () => {
    project = await startProject(503);
    running = await gatewayForwardingTo(`http://0123abcd@127.0.0.1:${project.port}/7`);
    const arrived = project.next();
    await request(running.url).post(routes.reportErrors.path).set('content-type', 'text/plain;charset=UTF-8').send(envelope()).expect(200, { id: EVENT_ID });
    await arrived;
    // The warning is written once the project's answer is read, just after the server sent it.
    const logs = running.logs;
    await new Promise<void>((resolve) => {
      const check = () => (logs.entries().some((entry) => entry.msg === 'error report not passed on to the error-reporting project') ? resolve() : setImmediate(check));
      check();
    });
    const warning = logs.entries().find((entry) => entry.msg === 'error report not passed on to the error-reporting project') as { level: string; err: { message: string } };
    expect(warning.level).toBe('warn');
    expect(warning.err.message).toBe('the error-reporting project answered 503');
  });
});
