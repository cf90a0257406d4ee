import http from 'node:http';
import request from 'supertest';
import { apiRoutes, type ApiRoute } from '@study/contracts';
import { bodyLimitLookup } from './body-limit';
import { closeUpstreams, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams } from '../test-support/harness';

let upstreams: Upstreams;
let running: RunningGateway;

beforeAll(async () => {
  upstreams = await startUpstreams();
  running = await startGateway({ ...upstreamEnv(upstreams), BODY_LIMIT: '1kb', MBTI_UPLOAD_LIMIT: '4kb', TYPEFINDER_IMPORT_LIMIT: '3kb' });
});

afterAll(async () => {
  await running?.gateway.stop();
  await closeUpstreams(upstreams ?? {});
});

beforeEach(() => {
  upstreams.participants.requests.length = 0;
});

function jsonOfSize(bytes: number): string {
  const prefix = '{"pgId":"';
  const suffix = '"}';
  return `${prefix}${'x'.repeat(bytes - prefix.length - suffix.length)}${suffix}`;
}

/** A CSV file (header email,type, then rows) of exactly `bytes` bytes. */
function csvOfSize(bytes: number): string {
  const header = 'email,type\n';
  const row = 'a@example.org,INTJ\n';
  const rows = row.repeat(Math.floor((bytes - header.length) / row.length));
  const text = `${header}${rows}`;
  return `${text}${'x'.repeat(bytes - text.length)}`;
}

/** Sends `parts` as a chunked body (no Content-Length), the way a streaming client does. */
function postChunked(path: string, parts: string[], contentType = 'application/json'): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${running.url}${path}`, { method: 'POST', headers: { 'content-type': contentType } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    req.on('error', reject);
    for (const part of parts) req.write(part);
    req.end();
  });
}

describe('body size limits', () => {
  it('refuses a declared body over BODY_LIMIT with 413 JSON before it reaches the service', async () => {
    const res = await request(running.url).post('/api/consent').set('content-type', 'application/json').send(jsonOfSize(1025));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'The request body is too large: the limit is 1 KB.', code: 'BODY_TOO_LARGE', requestId: res.headers['x-request-id'] });
    expect(upstreams.participants.requests).toHaveLength(0);
  });

  it('forwards a body of exactly the limit', async () => {
    const body = jsonOfSize(1024);
    const res = await request(running.url).post('/api/consent').set('content-type', 'application/json').send(body);
    expect(res.status).toBe(200);
    expect(upstreams.participants.requests[0]?.body.toString('utf8')).toBe(body);
  });

  it('refuses a chunked body once it grows past the limit, and the service sees nothing', async () => {
    const res = await postChunked('/api/consent', ['{"pgId":"', 'x'.repeat(700), 'x'.repeat(700), '"}']);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'BODY_TOO_LARGE' });
    expect(upstreams.participants.requests).toHaveLength(0);
  });

  it('forwards a chunked body under the limit intact', async () => {
    const parts = ['{"pgId":', '"3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f"', '}'];
    const res = await postChunked('/api/consent', parts);
    expect(res.status).toBe(200);
    const seen = upstreams.participants.requests[0];
    expect(seen?.body.toString('utf8')).toBe(parts.join(''));
    expect(seen?.headers['content-length']).toBe(String(parts.join('').length));
  });

  it('allows the MBTI upload up to MBTI_UPLOAD_LIMIT and no further', async () => {
    const fits = jsonOfSize(3 * 1024);
    const ok = await request(running.url).post('/api/user/mbti').set('content-type', 'application/json').send(fits);
    expect(ok.status).toBe(200);
    expect(upstreams.participants.requests[0]?.body.toString('utf8')).toBe(fits);

    const tooBig = await request(running.url).post('/api/user/mbti').set('content-type', 'application/json').send(jsonOfSize(4 * 1024 + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'BODY_TOO_LARGE', error: 'The request body is too large: the limit is 4 KB.' });
    expect(upstreams.participants.requests).toHaveLength(1);
  });

  it('allows the TypeFinder CSV import up to TYPEFINDER_IMPORT_LIMIT and no further', async () => {
    const fits = csvOfSize(3 * 1024);
    const ok = await request(running.url).post('/api/typefinder/import').set('content-type', 'text/csv').send(fits);
    expect(ok.status).toBe(200);
    expect(upstreams.participants.requests[0]?.body.toString('utf8')).toBe(fits);

    const tooBig = await request(running.url).post('/api/typefinder/import').set('content-type', 'text/csv').send(csvOfSize(3 * 1024 + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'BODY_TOO_LARGE', error: 'The request body is too large: the limit is 3 KB.' });
    expect(upstreams.participants.requests).toHaveLength(1);
  });

  it('refuses a chunked CSV import once it grows past its limit', async () => {
    const tooBig = await postChunked('/api/typefinder/import', ['email,type\n', 'x'.repeat(2000), 'x'.repeat(2000)], 'text/csv');
    expect(tooBig.status).toBe(413);
    expect(upstreams.participants.requests).toHaveLength(0);
  });

  it("keeps each route's own limit: the import's and the upload's do not apply elsewhere", async () => {
    const res = await request(running.url).post('/api/session').set('content-type', 'application/json').send(jsonOfSize(2 * 1024));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'The request body is too large: the limit is 1 KB.' });
    const upload = await request(running.url).post('/api/user/mbti').set('content-type', 'application/json').send(jsonOfSize(3.5 * 1024));
    expect(upload.status).toBe(200);
  });

  it('keeps serving after refusing a body', async () => {
    await request(running.url).post('/api/consent').send(jsonOfSize(5000));
    const res = await request(running.url).post('/api/consent').send({ pgId: 'x' });
    expect(res.status).toBe(200);
  });
});

describe('the default limits', () => {
  let defaults: RunningGateway;

  beforeAll(async () => {
    defaults = await startGateway(upstreamEnv(upstreams));
  });

  afterAll(async () => {
    await defaults?.gateway.stop();
  });

  it('lets a CSV import of 2 MB through and refuses one byte more; other calls stay at 100 KB', async () => {
    const twoMegabytes = 2 * 1024 * 1024;
    const fits = await request(defaults.url).post('/api/typefinder/import').set('content-type', 'text/csv').send(csvOfSize(twoMegabytes));
    expect(fits.status).toBe(200);
    expect(upstreams.participants.requests[0]?.body.length).toBe(twoMegabytes);
    const tooBig = await request(defaults.url).post('/api/typefinder/import').set('content-type', 'text/csv').send(csvOfSize(twoMegabytes + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ error: 'The request body is too large: the limit is 2 MB.' });
    const results = await request(defaults.url).post('/api/typefinder/results').set('content-type', 'text/csv').send(csvOfSize(100 * 1024 + 1));
    expect(results.status).toBe(413);
    expect(upstreams.participants.requests).toHaveLength(1);
  });
});

describe('bodyLimitLookup', () => {
  const route = (method: ApiRoute['method'], path: string): ApiRoute => {
    const found = apiRoutes.find((candidate) => candidate.method === method && candidate.path === path);
    if (!found) throw new Error(`no route ${method} ${path}`);
    return found;
  };

  it("answers a listed route's own limit and the default for every other route", () => {
    const limitFor = bodyLimitLookup(100, [
      { method: 'POST', path: '/api/user/mbti', limitBytes: 500 },
      { method: 'POST', path: '/api/typefinder/import', limitBytes: 200 },
    ]);
    expect(limitFor(route('POST', '/api/user/mbti'))).toBe(500);
    expect(limitFor(route('POST', '/api/typefinder/import'))).toBe(200);
    expect(limitFor(route('POST', '/api/typefinder/results'))).toBe(100);
    expect(limitFor(route('GET', '/api/user/report/:pgId'))).toBe(100);
  });

  it('refuses at start an entry that names no route of the route table', () => {
    expect(() => bodyLimitLookup(100, [{ method: 'POST', path: '/api/typefinder/upload', limitBytes: 200 }])).toThrow(
      'body limit for POST /api/typefinder/upload: there is no such route in the route table',
    );
    expect(() => bodyLimitLookup(100, [{ method: 'GET', path: '/api/user/mbti', limitBytes: 200 }])).toThrow(/GET \/api\/user\/mbti/);
  });
});
