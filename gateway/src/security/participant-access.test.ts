import request from 'supertest';
import { apiRoutes, type ApiRoute } from '@study/contracts';
import { sessionCookie } from '@study/participant-session';
import { closeUpstreams, participantCookie, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams } from '../test-support/harness';

const PG_ID = '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f';
const OTHER_PG_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const MINUTE = 60_000;

const participantRoutes = apiRoutes.filter((route) => route.access.kind === 'participant');
const otherRoutes = apiRoutes.filter((route) => route.access.kind !== 'participant');
const recentRoutes = participantRoutes.filter((route) => route.access.kind === 'participant' && route.access.recentConfirmation);

/** A call of the route for PG_ID: the study ID in the path, or in a JSON body. */
function callOf(route: ApiRoute, url: string, pgId = PG_ID) {
  const path = route.path.replace(':pgId', pgId).replace(':masterKey', 'a-master-key');
  if (route.method === 'GET') return request(url).get(path);
  return request(url).post(path).set('content-type', 'application/json').send(JSON.stringify({ pgId }));
}

let upstreams: Upstreams;
let running: RunningGateway;

beforeAll(async () => {
  upstreams = await startUpstreams();
  running = await startGateway(upstreamEnv(upstreams));
});

afterAll(async () => {
  await running?.gateway.stop();
  await closeUpstreams(upstreams ?? {});
});

beforeEach(() => {
  for (const upstream of Object.values(upstreams)) upstream.requests.length = 0;
});

const nothingForwarded = () => {
  for (const upstream of Object.values(upstreams)) expect(upstream.requests).toHaveLength(0);
};

describe('who may call what: every participant route of the route table', () => {
  it('lists the participant routes the spec gives a study ID, each naming where the study ID is', () => {
    expect(participantRoutes.length).toBeGreaterThanOrEqual(14);
    for (const route of participantRoutes) {
      if (route.access.kind !== 'participant') continue;
      expect(route.path.includes(':pgId')).toBe(route.access.studyIdIn === 'path');
    }
    expect(recentRoutes.map((route) => route.path).sort()).toEqual(['/api/consent/renew', '/api/user/reset', '/api/user/withdraw']);
  });

  it.each(participantRoutes)('$method $path without a session: 401, and no service sees the call', async (route) => {
    const res = await callOf(route, running.url);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'SESSION_REQUIRED', error: expect.stringContaining("confirm it's you with Open Humans") });
    nothingForwarded();
  });

  it.each(participantRoutes)("$method $path with another participant's session: 403, and no service sees the call", async (route) => {
    const res = await callOf(route, running.url).set('cookie', participantCookie(OTHER_PG_ID));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'SESSION_OTHER_PARTICIPANT' });
    nothingForwarded();
  });

  it.each(participantRoutes)("$method $path with the participant's own session reaches its service", async (route) => {
    const res = await callOf(route, running.url).set('cookie', participantCookie(PG_ID));
    expect(res.status).toBe(200);
    expect(upstreams[route.service].requests).toHaveLength(1);
  });

  it.each(participantRoutes)('$method $path with a forged, an expired or a malformed session: 401', async (route) => {
    const forged = sessionCookie('another-secret-of-at-least-32-characters', { pgId: PG_ID, confirmedAt: new Date() }, { secure: false }).split(';')[0] as string;
    const expired = participantCookie(PG_ID, new Date(Date.now() - 31 * 24 * 60 * MINUTE));
    for (const cookie of [forged, expired, 'study_session=garbage', `study_session=${PG_ID}`]) {
      const res = await callOf(route, running.url).set('cookie', cookie);
      expect(res.status).toBe(401);
    }
    nothingForwarded();
  });

  it.each(recentRoutes)('$method $path needs a confirmation with Open Humans in the last 10 minutes', async (route) => {
    const stale = await callOf(route, running.url).set('cookie', participantCookie(PG_ID, new Date(Date.now() - 11 * MINUTE)));
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ code: 'RECENT_CONFIRMATION_REQUIRED' });
    nothingForwarded();
    const fresh = await callOf(route, running.url).set('cookie', participantCookie(PG_ID, new Date(Date.now() - 9 * MINUTE)));
    expect(fresh.status).toBe(200);
  });

  it('lets the other participant calls through with a session confirmed days ago', async () => {
    const route = participantRoutes.find((r) => r.path === '/api/user')!;
    const res = await callOf(route, running.url).set('cookie', participantCookie(PG_ID, new Date(Date.now() - 3 * 24 * 60 * MINUTE)));
    expect(res.status).toBe(200);
  });

  it('reads the study ID in a body only from plain UTF-8 JSON, as the service would read it', async () => {
    const cookie = participantCookie(PG_ID);
    const post = () => request(running.url).post('/api/user').set('cookie', cookie);
    const utf16 = await post().set('content-type', 'application/json; charset=utf-16le').send(Buffer.from(JSON.stringify({ pgId: OTHER_PG_ID }), 'utf16le'));
    expect(utf16.status).toBe(415);
    const gzipped = await post().set('content-type', 'application/json').set('content-encoding', 'gzip').send(Buffer.from('not really gzip'));
    expect(gzipped.status).toBe(415);
    const without = await post().set('content-type', 'application/json').send(JSON.stringify({ survey: {} }));
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringContaining('pgId') });
    const malformed = await post().set('content-type', 'application/json').send('{"pgId": ');
    expect(malformed.status).toBe(400);
    nothingForwarded();
    // The same study ID in other letters is the same participant.
    const upper = await post().set('content-type', 'application/json').send(JSON.stringify({ pgId: PG_ID.toUpperCase() }));
    expect(upper.status).toBe(200);
  });
});

describe('who may call what: the other routes', () => {
  it.each(otherRoutes)('$method $path ($access.kind) is not held by the participant check', async (route) => {
    const res = await callOf(route, running.url);
    expect(res.status).toBe(200);
    expect(upstreams[route.service].requests).toHaveLength(1);
  });
});
