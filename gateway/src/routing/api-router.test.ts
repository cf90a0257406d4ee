import request from 'supertest';
import type { ServiceName } from '@study/contracts';
import { closeUpstreams, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams, participantCookie } from '../test-support/harness';

const PG_ID = '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f';

/** Every call of product.md section 7 plus the two webhooks, with the service that owns it. */
const CALLS: readonly { method: 'GET' | 'POST'; path: string; service: ServiceName; body?: unknown }[] = [
  { method: 'POST', path: '/api/user', service: 'participants', body: { pgId: PG_ID } },
  { method: 'POST', path: '/api/user/survey', service: 'participants', body: { pgId: PG_ID, survey: { id: 'nardi', status: 'part-one', index: 3, answers: [{ id: 1, value: 'A' }] } } },
  { method: 'POST', path: '/api/user/survey/upd', service: 'participants', body: { pgId: PG_ID, update: { 'selfAssessment.status': 'rejected' } } },
  { method: 'POST', path: '/api/user/reset', service: 'participants', body: { pgId: PG_ID } },
  { method: 'POST', path: '/api/user/mbti', service: 'participants', body: { [PG_ID]: { wholeType: 'INTJ', pci1: 1, pci2: 2, pci3: 3, pci4: 4, dpref1: 5, dpref2: 6, dpref3: 7, dpref4: 8 } } },
  { method: 'POST', path: '/api/user/tfresult', service: 'participants', body: { pgId: PG_ID } },
  { method: 'POST', path: '/api/consent', service: 'participants', body: { code: 'abc123' } },
  { method: 'GET', path: '/api/ohready/the-master-key', service: 'participants' },
  { method: 'GET', path: '/api/stats', service: 'participants' },
  { method: 'POST', path: '/api/typefinder/results', service: 'participants', body: { email: `${PG_ID}@example.org`, type: 'ENFP' } },
  { method: 'POST', path: '/api/openhumans/deauthorize', service: 'participants', body: { project_member_id: '12345678' } },
  { method: 'POST', path: '/api/user/nardi', service: 'scoring', body: { pgId: PG_ID } },
  { method: 'POST', path: '/api/user/nardi/final', service: 'scoring', body: { pgId: PG_ID } },
  { method: 'POST', path: '/api/user/survey/final', service: 'scoring', body: { pgId: PG_ID } },
  { method: 'POST', path: '/api/user/nardi/report', service: 'reports', body: { pgId: PG_ID } },
  { method: 'GET', path: `/api/user/report/${PG_ID}`, service: 'reports' },
];

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

describe('API routing', () => {
  it.each(CALLS)('$method $path reaches $service with path, body and request id intact', async ({ method, path, service, body }) => {
    const raw = body === undefined ? undefined : JSON.stringify(body);
    let call = method === 'GET' ? request(running.url).get(path).set('cookie', participantCookie(PG_ID)) : request(running.url).post(path).set('cookie', participantCookie(PG_ID));
    if (raw !== undefined) call = call.set('content-type', 'application/json').send(raw);
    const res = await call;

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ service, method, url: path });
    const target = upstreams[service];
    expect(target.requests).toHaveLength(1);
    const seen = target.requests[0]!;
    expect(seen.method).toBe(method);
    expect(seen.url).toBe(path);
    expect(seen.body.toString('utf8')).toBe(raw ?? '');
    expect(seen.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(res.headers['x-request-id']).toBe(seen.headers['x-request-id']);
    for (const other of Object.values(upstreams)) {
      if (other !== target) expect(other.requests).toHaveLength(0);
    }
  });

  it('forwards the query string unchanged', async () => {
    const res = await request(running.url).get('/api/stats?format=csv&x=%20y');
    expect(res.status).toBe(200);
    expect(upstreams.participants.requests[0]?.url).toBe('/api/stats?format=csv&x=%20y');
  });

  it('keeps a sane incoming request id and replaces one that is not', async () => {
    const kept = await request(running.url).post('/api/user').set('cookie', participantCookie(PG_ID)).set('x-request-id', 'client-id_12345').send({ pgId: PG_ID });
    expect(kept.headers['x-request-id']).toBe('client-id_12345');
    expect(upstreams.participants.requests[0]?.headers['x-request-id']).toBe('client-id_12345');

    const replaced = await request(running.url).post('/api/user').set('cookie', participantCookie(PG_ID)).set('x-request-id', 'bad id with spaces and; semicolons').send({ pgId: PG_ID });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(upstreams.participants.requests[1]?.headers['x-request-id']).toBe(replaced.headers['x-request-id']);
  });

  it('does not let the Connection header strip the request id', async () => {
    const res = await request(running.url).post('/api/user').set('cookie', participantCookie(PG_ID)).set('connection', 'keep-alive, x-request-id').send({ pgId: PG_ID });
    expect(res.status).toBe(200);
    expect(upstreams.participants.requests[0]?.headers['x-request-id']).toBe(res.headers['x-request-id']);
  });

  it('tells the service the client address, ignoring one the client made up', async () => {
    await request(running.url).post('/api/user').set('cookie', participantCookie(PG_ID)).set('x-forwarded-for', '203.0.113.9').send({ pgId: PG_ID });
    const headers = upstreams.participants.requests[0]?.headers ?? {};
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
  });

  it('passes malformed JSON through unchanged and returns the service answer', async () => {
    const res = await request(running.url).post('/api/consent').set('content-type', 'application/json').send('{"code": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'MALFORMED_JSON' });
    expect(upstreams.participants.requests[0]?.body.toString('utf8')).toBe('{"code": ');
  });

  it('answers an unknown /api path with 404 JSON without calling any service', async () => {
    for (const path of ['/api/unknown', '/api', '/api/user/nardi/extra', '/api/user/../stats', '/api/typefinder/other']) {
      const res = await request(running.url).post(path).set('cookie', participantCookie(PG_ID)).send({});
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: expect.any(String), code: 'NOT_FOUND', requestId: res.headers['x-request-id'] });
    }
    for (const upstream of Object.values(upstreams)) expect(upstream.requests).toHaveLength(0);
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await request(running.url).get('/api/user').set('cookie', participantCookie(PG_ID));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    expect(upstreams.participants.requests).toHaveLength(0);
  });

  it('forwards HEAD for a GET call', async () => {
    const res = await request(running.url).head('/api/stats');
    expect(res.status).toBe(200);
    expect(upstreams.participants.requests[0]?.method).toBe('HEAD');
  });

  it('reuses one connection to a service for consecutive calls', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await request(running.url).post('/api/user/nardi').set('cookie', participantCookie(PG_ID)).send({ pgId: PG_ID });
      expect(res.status).toBe(200);
    }
    const ports = new Set(upstreams.scoring.requests.map((seen) => seen.remotePort));
    expect(ports.size).toBe(1);
  });
});
