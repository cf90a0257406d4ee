import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { routes } from '@study/contracts';
import { unusedPort } from '../test-support/fake-upstream';
import { startGateway, startGatewayWithServicesDown, type RunningGateway } from '../test-support/harness';

const PATH = routes.reportErrors.path;
const EVENT_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

/** An envelope as @sentry/react sends it: header line, item header, the event. */
function envelope(event: Record<string, unknown>, ...more: string[]): string {
  return [JSON.stringify({ event_id: EVENT_ID, sent_at: '2026-11-27T14:00:00.000Z', dsn: 'http://study@127.0.0.1/1' }), JSON.stringify({ type: 'event' }), JSON.stringify(event), ...more].join('\n');
}

const boundaryCatch = {
  event_id: EVENT_ID,
  level: 'error',
  release: '@study/mf-nardi@0.2.0',
  tags: { route: '/nardi/part-one', remote: 'mf_nardi', kind: 'boundary' },
  exception: {
    values: [
      {
        type: 'Error',
        value: `part one failed for ${PG_ID}`,
        stacktrace: { frames: [{ filename: 'http://127.0.0.1:8080/mf/nardi/305.87e7f8b9.js', function: 'PartOnePage', lineno: 1, colno: 42 }] },
      },
    ],
  },
};

const reportLines = (running: RunningGateway) => running.logs.entries().filter((entry) => entry.msg === 'browser error report');

describe('POST /api/error-reports', () => {
  let running: RunningGateway;
  beforeAll(async () => {
    // The gateway answers it itself: no service needs to be up.
    running = await startGatewayWithServicesDown();
  });
  afterAll(async () => {
    await running?.gateway.stop();
  });
  beforeEach(() => {
    running.logs.lines.length = 0;
  });

  it('logs an error event once, as one line with the request id, route, remote, release, message and stack, and answers its id', async () => {
    const res = await request(running.url).post(PATH).set('content-type', 'text/plain;charset=UTF-8').set('x-request-id', 'report-1').send(envelope(boundaryCatch)).expect(200);
    expect(res.body).toEqual({ id: EVENT_ID });
    const lines = reportLines(running);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      service: 'gateway',
      requestId: 'report-1',
      errorReport: {
        source: 'browser',
        eventId: EVENT_ID,
        route: '/nardi/part-one',
        remote: 'mf_nardi',
        release: '@study/mf-nardi@0.2.0',
        kind: 'boundary',
        message: 'Error: part one failed for :id',
        stack: ['PartOnePage (/mf/nardi/305.87e7f8b9.js:1:42)'],
      },
    });
    expect(running.logs.text()).not.toContain(PG_ID);
  });

  it('takes the envelope type too, and a trace without logging it', async () => {
    await request(running.url)
      .post(PATH)
      .set('content-type', 'application/x-sentry-envelope')
      .send([JSON.stringify({ sent_at: '2026-11-27T14:00:00.000Z' }), JSON.stringify({ type: 'transaction' }), JSON.stringify({ type: 'transaction', transaction: '/nardi', spans: [] })].join('\n'))
      .expect(200, {});
    expect(reportLines(running)).toEqual([]);
  });

  it.each([
    ['not an envelope', 'hello'],
    ['an item without its payload', `${JSON.stringify({})}\n${JSON.stringify({ type: 'event', length: 99 })}\n{}`],
    ['an event that is not JSON', `${JSON.stringify({})}\n${JSON.stringify({ type: 'event' })}\n{"exception":`],
  ])('answers %s with 400 and a clear message, and logs no report', async (_what, body) => {
    const res = await request(running.url).post(PATH).set('content-type', 'text/plain').send(body).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringMatching(/^The error report is not a Sentry envelope: /) });
    expect(reportLines(running)).toEqual([]);
  });

  it('refuses a report over 64 KB with 413', async () => {
    const big = envelope({ ...boundaryCatch, extra: 'x'.repeat(70 * 1024) });
    const res = await request(running.url).post(PATH).set('content-type', 'text/plain').send(big).expect(413);
    expect(res.body.code).toBe('BODY_TOO_LARGE');
    expect(reportLines(running)).toEqual([]);
  });

  it('refuses another media type with 415 and another method with 405', async () => {
    await request(running.url).post(PATH).set('content-type', 'application/json').send(JSON.stringify(boundaryCatch)).expect(415);
    await request(running.url).get(PATH).expect(405).expect('allow', 'POST');
    expect(reportLines(running)).toEqual([]);
  });
});

describe('POST /api/error-reports, rate-limited', () => {
  let running: RunningGateway;
  beforeAll(async () => {
    const down = async () => `http://127.0.0.1:${await unusedPort()}`;
    // As every route anyone may call: RATE_LIMIT_PUBLIC_PER_MINUTE calls a minute from one address,
    // counted under keys of this test's own (Redis keeps counts for a minute, across test runs).
    running = await startGateway({ PARTICIPANTS_URL: await down(), SCORING_URL: await down(), REPORTS_URL: await down(), RATE_LIMIT_PUBLIC_PER_MINUTE: '2', RATE_LIMIT_KEY_PREFIX: `rate:error-reports-test-${randomUUID()}` });
    // Counted in Redis once it answers, in memory until then: start counting on one side of the switch.
    for (let waited = 0; !running.gateway.limitsShared() && waited < 3_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  });
  afterAll(async () => {
    await running?.gateway.stop();
  });

  it('answers 429 with Retry-After past the public limit, and logs nothing for it', async () => {
    for (let i = 0; i < 2; i += 1) await request(running.url).post(PATH).set('content-type', 'text/plain').send(envelope(boundaryCatch)).expect(200);
    const res = await request(running.url).post(PATH).set('content-type', 'text/plain').send(envelope(boundaryCatch)).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(reportLines(running)).toHaveLength(2);
  });
});
