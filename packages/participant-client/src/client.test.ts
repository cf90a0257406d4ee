import { routes } from '@study/contracts';
import { scoreNardi } from '@study/personality';
import { FlowAborted, ParticipantCallError, ParticipantClient } from './client';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const BASE = 'http://127.0.0.1:8080';
const SETTINGS = { resetSurveysEnabled: false, studyEmailHost: 'study.example.org' };

type Reply = Response | Error;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers } });
const problem = (status: number, code: string, headers: Record<string, string> = {}) => json(status, { error: `${code} happened`, code, requestId: 'r1' }, headers);

/** A fetch answering `replies` in order; records each request. */
function scripted(...replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = jest.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const next = replies.shift();
    if (!next) throw new Error(`no reply left for ${String(url)}`);
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
afterEach(() => jest.useRealTimers());

/** Runs `promise` while moving the fake clock on, so the client's waits pass. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const out = promise.finally(() => (done = true));
  out.catch(() => undefined);
  while (!done) await jest.advanceTimersByTimeAsync(250);
  return out;
}

describe('ParticipantClient without a retry policy', () => {
  it("sends the route's method to its address at the base URL, with JSON, and answers the body checked against the route's schema", async () => {
    const { fetchImpl, calls } = scripted(json(200, SETTINGS));
    const client = new ParticipantClient({ baseUrl: `${BASE}/`, fetchImpl });
    await expect(client.json(routes.settings, {})).resolves.toEqual(SETTINGS);
    expect(calls[0]?.url).toBe(`${BASE}/api/settings`);
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('keeps the session a consent begins and sends it with that participant\'s calls (with a cookie given, both)', async () => {
    const consented = new Response(JSON.stringify({ pgId: PG_ID }), { status: 200, headers: { 'content-type': 'application/json', 'set-cookie': 'study_session=abc; Path=/; HttpOnly' } });
    const { fetchImpl, calls } = scripted(consented, json(409, { error: 'x', code: 'NARDI_NOT_SCORED' }));
    const client = new ParticipantClient({ baseUrl: BASE, fetchImpl });
    await client.must(routes.consent, { body: { code: 'c', state: 's', versionId: 'v1', adult: true } }, { cookie: 'study_authorization=xyz' });
    expect(calls[0]?.init.headers).toMatchObject({ cookie: 'study_authorization=xyz', 'content-type': 'application/json' });
    expect(client.sessions.headersFor(PG_ID.toUpperCase())).toEqual({ cookie: 'study_session=abc' });
    await expect(client.json(routes.nardiScores, { body: { pgId: PG_ID } }, { tolerance: 'owner-read' })).resolves.toBeNull();
    expect(calls[1]?.init.headers).toMatchObject({ cookie: 'study_session=abc' });
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ pgId: PG_ID });
  });

  it('throws the first error answer as a ParticipantCallError with its status, code and request ID', async () => {
    const { fetchImpl } = scripted(problem(503, 'SERVICE_BUSY', { 'retry-after': '1' }));
    const client = new ParticipantClient({ baseUrl: BASE, fetchImpl });
    const error = await client.json(routes.user, { body: { pgId: PG_ID } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParticipantCallError);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_BUSY', requestId: 'r1', route: 'POST /api/user' });
  });

  it("refuses an answer of another shape than the route's", async () => {
    const { fetchImpl } = scripted(json(200, { studyEmailHost: 42 }));
    await expect(new ParticipantClient({ baseUrl: BASE, fetchImpl }).json(routes.settings, {})).rejects.toThrow('another shape');
  });

  it('asks a result not ready yet again until it is (whenShown without the screens)', async () => {
    const scores = scoreNardi(Array.from({ length: 25 }, (_, i) => ({ id: i + 1, value: 'A' })));
    const { fetchImpl, calls } = scripted(problem(409, 'NARDI_NOT_SCORED'), problem(409, 'NARDI_NOT_SCORED'), json(200, scores));
    const client = new ParticipantClient({ baseUrl: BASE, fetchImpl, pollMs: 100 });
    const answer = await settle(client.whenShown(PG_ID, routes.nardiScores, () => true));
    expect(answer?.typeCodes).toHaveLength(16);
    expect(calls).toHaveLength(3);
    expect(client.stats.notReady[routes.nardiScores.path]).toBe(2);
  });
});

describe("ParticipantClient with { kind: 'busy' }", () => {
  it("waits out a 503's Retry-After (at most maxWaitMs) and sends again, up to `attempts`", async () => {
    const { fetchImpl, calls } = scripted(problem(503, 'BUSY', { 'retry-after': '5' }), problem(503, 'BUSY'), json(200, SETTINGS));
    const client = new ParticipantClient({ baseUrl: BASE, fetchImpl, retry: { kind: 'busy', maxWaitMs: 300 } });
    const started = Date.now();
    await expect(settle(client.json(routes.settings, {}))).resolves.toEqual(SETTINGS);
    expect(calls).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(client.stats.retried503).toBe(2);

    const again = scripted(problem(503, 'BUSY'), problem(503, 'BUSY'));
    const limited = new ParticipantClient({ baseUrl: BASE, fetchImpl: again.fetchImpl, retry: { kind: 'busy', attempts: 2 } });
    await expect(settle(limited.json(routes.settings, {}))).rejects.toMatchObject({ status: 503 });
  });

  it('does not retry other statuses', async () => {
    const { fetchImpl, calls } = scripted(problem(500, 'INTERNAL'));
    await expect(new ParticipantClient({ baseUrl: BASE, fetchImpl, retry: { kind: 'busy' } }).json(routes.settings, {})).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(1);
  });
});

describe("ParticipantClient with the screens' policy", () => {
  const screens = (fetchImpl: typeof fetch, deadlineMs = 600_000) => new ParticipantClient({ baseUrl: BASE, fetchImpl, retry: { kind: 'screens', deadline: Date.now() + deadlineMs } });

  it('waits out a 503 with Retry-After (counted, not a failure); a 5xx or no answer is a failure sent again a second later', async () => {
    const { fetchImpl, calls } = scripted(problem(503, 'BUSY', { 'retry-after': '2' }), problem(502, 'BAD_GATEWAY'), new Error('socket hang up'), json(200, { typeCode: 'INTJ' }));
    const client = screens(fetchImpl);
    await expect(settle(client.json(routes.claimTypeFinderResult, { body: { pgId: PG_ID } }))).resolves.toEqual({ typeCode: 'INTJ' });
    expect(calls).toHaveLength(4);
    expect(client.stats.retried503).toBe(1);
    expect(client.stats.failures.map((f) => [f.kind, f.status, f.pgId])).toEqual([
      ['http', 502, PG_ID],
      ['no-answer', undefined, PG_ID],
    ]);
  });

  it('a 503 without Retry-After is a failure too', async () => {
    const { fetchImpl } = scripted(problem(503, 'BUSY'), json(200, SETTINGS));
    const client = screens(fetchImpl);
    await settle(client.json(routes.settings, {}));
    expect(client.stats.failures).toEqual([expect.objectContaining({ kind: 'http', status: 503 })]);
    expect(client.stats.retried503).toBe(0);
  });

  it('an unexpected 4xx ends the flow (FlowAborted) after counting it', async () => {
    const { fetchImpl } = scripted(problem(403, 'SESSION_REQUIRED'));
    const client = screens(fetchImpl);
    await expect(client.json(routes.user, { body: { pgId: PG_ID } })).rejects.toBeInstanceOf(FlowAborted);
    expect(client.stats.failures).toEqual([expect.objectContaining({ kind: 'http', status: 403, code: 'SESSION_REQUIRED' })]);
  });

  it('takes SURVEY_CLOSED on a resend after an unclear answer as done; a Nardi 409 as a not-ready failure; survey/final 404 as null', async () => {
    const { fetchImpl } = scripted(new Error('reset'), problem(409, 'SURVEY_CLOSED'), problem(409, 'NARDI_NOT_FINAL'), problem(404, 'FINAL_SCORE_NOT_READY'));
    const client = screens(fetchImpl);
    const save = { body: { pgId: PG_ID, survey: { id: 'selfAssessment' as const, status: 'completed' as const, index: 3, answers: [] } } };
    await expect(settle(client.call(routes.saveSurvey, save))).resolves.toMatchObject({ status: 409 });
    expect(client.stats.closedOnResend).toBe(1);
    await expect(client.json(routes.nardiFinal, { body: { pgId: PG_ID } }, { tolerance: 'owner-read' })).resolves.toBeNull();
    await expect(client.json(routes.finalScore, { body: { pgId: PG_ID } }, { tolerance: 'dashboard-final' })).resolves.toBeNull();
    expect(client.stats.notReady).toEqual({ [routes.nardiFinal.path]: 1, [routes.finalScore.path]: 1 });
    expect(client.stats.failures.map((f) => f.kind)).toEqual(['no-answer', 'not-ready']);
  });

  it('sends nothing after the deadline', async () => {
    const { fetchImpl } = scripted();
    await expect(screens(fetchImpl, -1).json(routes.settings, {})).rejects.toThrow("deadline passed");
  });
});

describe('the result stream', () => {
  const stream = (...blocks: string[]) =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const block of blocks) controller.enqueue(new TextEncoder().encode(block));
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );
  const results = (finalScore: unknown) => ({ nardi: { scored: true, result: null }, finalScore, finalReport: null });

  it("hands each results message to the listener and answers the first that is ready (waitForResults)", async () => {
    const { fetchImpl, calls } = scripted(stream(`retry: 500\n\nevent: results\ndata: ${JSON.stringify(results(null))}\n\n`, `event: results\r\ndata: ${JSON.stringify(results({ typeCode: 'INTJ' }))}\r\n\r\n`));
    const client = new ParticipantClient({ baseUrl: BASE, fetchImpl });
    client.sessions.hold(PG_ID, 'study_session=abc');
    const got = await settle(client.waitForResults(PG_ID, (r) => r.finalScore !== null, 10_000));
    expect(got?.finalScore).toEqual({ typeCode: 'INTJ' });
    expect(calls[0]?.url).toBe(`${BASE}/api/user/events/${PG_ID}`);
    expect(calls[0]?.init.headers).toMatchObject({ accept: 'text/event-stream', cookie: 'study_session=abc' });
  });

  it('answers null when the stream shows nothing in time (counted), and says when it opened', async () => {
    const { fetchImpl } = scripted(stream(': keep-alive\n\n'));
    const client = new ParticipantClient({ baseUrl: BASE, fetchImpl });
    const subscription = client.subscribeResults(PG_ID, () => undefined);
    await expect(subscription.opened).resolves.toBe(true);
    subscription.close();
    const never = scripted(stream(': keep-alive\n\n'));
    const waiting = new ParticipantClient({ baseUrl: BASE, fetchImpl: never.fetchImpl });
    await expect(settle(waiting.waitForResults(PG_ID, () => true, 1_000))).resolves.toBeNull();
    expect(waiting.stats.streamWaitsTimedOut).toBe(1);
  });
});
