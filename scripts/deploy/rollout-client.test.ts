import { RolloutTally, rolloutRequests, startClient } from './rollout-client';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const COOKIE = 'study_session=abc';
const AT = new Date('2026-11-24T10:00:00.000Z');
const survey = (id: string) => ({ id, status: 'completed', index: 0, answers: [] });
const USER_VIEW = {
  access: { pgId: PG_ID, consent: true, dataReady: true, snpFileUploaded: true },
  selfAssessment: survey('selfAssessment'),
  nardi: survey('nardi'),
  mbti: survey('mbti'),
  typeFinder: survey('typeFinder'),
  finalScore: null,
};

describe('RolloutTally', () => {
  it('counts successes and records each failure with its time, slice, path and cause', () => {
    const tally = new RolloutTally();
    tally.record({ slice: 'shell', path: '/' }, undefined, AT);
    tally.record({ slice: 'svc-scoring', path: '/api/user/nardi/final' }, '502', AT);
    tally.record({ slice: 'mf-admin', path: '/mf/admin/mf-manifest.json' }, undefined, AT);
    expect(tally.figures()).toEqual({ ok: 2, failed: ['2026-11-24T10:00:00.000Z svc-scoring /api/user/nardi/final: 502'] });
  });

  it('leaves out whatever a slice answers while it is being replaced, and counts it again after', () => {
    const tally = new RolloutTally();
    tally.expectOutage('mf-nardi');
    tally.record({ slice: 'mf-nardi', path: '/mf/nardi/mf-manifest.json' }, 'fetch failed', AT);
    tally.record({ slice: 'mf-nardi', path: '/mf/nardi/mf-manifest.json' }, undefined, AT);
    tally.record({ slice: 'shell', path: '/' }, '503', AT);
    tally.endOutage('mf-nardi');
    tally.record({ slice: 'mf-nardi', path: '/mf/nardi/mf-manifest.json' }, '404', AT);
    expect(tally.figures()).toEqual({ ok: 0, failed: [`${AT.toISOString()} shell /: 503`, `${AT.toISOString()} mf-nardi /mf/nardi/mf-manifest.json: 404`] });
  });
});

describe('rolloutRequests', () => {
  it("asks what a participant's screens ask, each slice once, the API's calls by their routes", () => {
    expect(rolloutRequests(PG_ID, COOKIE).map((request) => `${request.slice} ${request.path}`)).toEqual([
      'shell /',
      'mf-consent /mf/consent/mf-manifest.json',
      'mf-dashboard /mf/dashboard/mf-manifest.json',
      'mf-nardi /mf/nardi/mf-manifest.json',
      'mf-admin /mf/admin/mf-manifest.json',
      'svc-participants /api/user',
      'svc-scoring /api/user/nardi/final',
      `svc-reports /api/user/report/${PG_ID}`,
    ]);
  });
});

describe('startClient', () => {
  it("asks every slice in turn with the participant's session and counts what came back", async () => {
    const seen: { url: string; method: string; cookie: string | null; body: unknown }[] = [];
    let nextRound: () => void = () => undefined;
    const firstRound = new Promise<void>((resolve) => (nextRound = resolve));
    const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
      const url = String(input);
      if (seen.length === 8) {
        // The first round is done: hold the second one, so the figures are the first round's.
        nextRound();
        return new Promise<Response>(() => undefined);
      }
      seen.push({ url, method: init.method ?? 'GET', cookie: new Headers(init.headers).get('cookie'), body: init.body ? JSON.parse(String(init.body)) : undefined });
      const path = url.replace('http://front.test', '');
      if (path === '/api/user') return Response.json(USER_VIEW);
      if (path === '/api/user/nardi/final') return Response.json({ error: 'Bad gateway', code: 'UPSTREAM' }, { status: 502 });
      if (path === '/mf/admin/mf-manifest.json') return Response.json({ not: 'checked' });
      if (path.startsWith('/api/user/report/')) return new Response('%PDF-1.7', { status: 200 });
      if (path === '/mf/nardi/mf-manifest.json') throw new TypeError('fetch failed');
      return new Response('<!doctype html>', { status: path === '/' ? 200 : 404 });
    };
    const client = startClient({ baseUrl: 'http://front.test', pgId: PG_ID, sessionCookie: COOKIE, intervalMs: 0, fetchImpl });
    client.expectOutage('mf-dashboard');
    await firstRound;
    const { ok, failed } = client.stop();

    expect(seen.map((request) => `${request.method} ${request.url.replace('http://front.test', '')}`)).toEqual([
      'GET /',
      'GET /mf/consent/mf-manifest.json',
      'GET /mf/dashboard/mf-manifest.json',
      'GET /mf/nardi/mf-manifest.json',
      'GET /mf/admin/mf-manifest.json',
      'POST /api/user',
      'POST /api/user/nardi/final',
      `GET /api/user/report/${PG_ID}`,
    ]);
    // The participant's own calls carry their session; the pages and manifests need none.
    expect(seen.filter((request) => request.cookie === COOKIE).map((request) => request.url.replace('http://front.test', ''))).toEqual(['/api/user', '/api/user/nardi/final', `/api/user/report/${PG_ID}`]);
    expect(seen[5]?.body).toEqual({ pgId: PG_ID });
    // Counted: /, the admin manifest, the participant view, the report; the dashboard is in outage.
    expect(ok).toBe(4);
    expect(failed.map((line) => line.replace(/^\S+ /, ''))).toEqual(['mf-consent /mf/consent/mf-manifest.json: 404', 'mf-nardi /mf/nardi/mf-manifest.json: fetch failed', 'svc-scoring /api/user/nardi/final: 502']);
  });
});
