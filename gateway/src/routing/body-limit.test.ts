import http from 'node:http';
import request from 'supertest';
import { closeUpstreams, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams } from '../test-support/harness';

let upstreams: Upstreams;
let running: RunningGateway;

beforeAll(async () => {
  upstreams = await startUpstreams();
  running = await startGateway({ ...upstreamEnv(upstreams), BODY_LIMIT: '1kb', MBTI_UPLOAD_LIMIT: '4kb' });
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

/** Sends `parts` as a chunked body (no Content-Length), the way a streaming client does. */
function postChunked(path: string, parts: string[]): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${running.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
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
    const res = await request(running.url).post('/api/user').set('content-type', 'application/json').send(jsonOfSize(1025));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'The request body is too large: the limit is 1 KB.', code: 'BODY_TOO_LARGE', requestId: res.headers['x-request-id'] });
    expect(upstreams.participants.requests).toHaveLength(0);
  });

  it('forwards a body of exactly the limit', async () => {
    const body = jsonOfSize(1024);
    const res = await request(running.url).post('/api/user').set('content-type', 'application/json').send(body);
    expect(res.status).toBe(200);
    expect(upstreams.participants.requests[0]?.body.toString('utf8')).toBe(body);
  });

  it('refuses a chunked body once it grows past the limit, and the service sees nothing', async () => {
    const res = await postChunked('/api/user', ['{"pgId":"', 'x'.repeat(700), 'x'.repeat(700), '"}']);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'BODY_TOO_LARGE' });
    expect(upstreams.participants.requests).toHaveLength(0);
  });

  it('forwards a chunked body under the limit intact', async () => {
    const parts = ['{"pgId":', '"3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f"', '}'];
    const res = await postChunked('/api/user', parts);
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

  it('keeps serving after refusing a body', async () => {
    await request(running.url).post('/api/user').send(jsonOfSize(5000));
    const res = await request(running.url).post('/api/user').send({ pgId: 'x' });
    expect(res.status).toBe(200);
  });
});
