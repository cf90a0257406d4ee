import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { z } from 'zod';
import { errorBodySchema } from '@study/contracts';
import { LockTimeoutError } from '@study/keyed-lock';
import { AppError } from './errors';
import { createHttpApp } from './http-app';
import { throwFromDeep } from './testing';
import { jsonBody, parseBody } from './body';
import { memoryLogger } from './memory-logger';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const echoSchema = z.strictObject({ pgId: z.string().regex(/^[0-9a-f-]{36}$/), count: z.number().int().optional(), tags: z.record(z.string(), z.unknown()).optional() });

function makeApp(checks: Record<string, () => boolean | Promise<boolean>> = { mongo: () => true }) {
  const { logger, lines } = memoryLogger();
  const seen: unknown[] = [];
  const app = createHttpApp({
    service: 'svc-test',
    logger,
    bodyLimit: '1kb',
    readinessChecks: checks,
    routes: (a) => {
      a.post('/api/echo', (req, res) => {
        const body = parseBody(echoSchema, req);
        seen.push(body);
        res.json({ body, raw: req.rawBody?.toString('utf8') });
      });
      a.get('/api/app-error', () => {
        throw new AppError(404, 'PARTICIPANT_NOT_FOUND', 'No participant with this study ID.');
      });
      a.get('/api/crash', async () => {
        throw new Error('database password is hunter2');
      });
      a.get('/api/busy', async () => {
        throw new LockTimeoutError(PG_ID, 10);
      });
      a.get('/api/ohready/:masterKey', (_req, res) => {
        res.json({ ok: true });
      });
    },
  });
  return { app, lines, seen };
}

function expectErrorBody(body: unknown, code: string) {
  expect(errorBodySchema.parse(body).code).toBe(code);
}

describe('error mapping', () => {
  it('answers an AppError with its status, code and message', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/api/app-error').expect(404);
    expect(res.body).toEqual({
      type: '/api/docs#problem-PARTICIPANT_NOT_FOUND',
      title: 'Not Found',
      status: 404,
      detail: 'No participant with this study ID.',
      instance: '/api/app-error',
      error: 'No participant with this study ID.',
      code: 'PARTICIPANT_NOT_FOUND',
      requestId: res.headers['x-request-id'],
    });
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers an unknown error with a generic 500 and logs it with its stack', async () => {
    const { app, lines } = makeApp();
    const res = await request(app).get('/api/crash').expect(500);
    expectErrorBody(res.body, 'INTERNAL');
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    const logged = lines().find((l) => l.msg === 'unhandled error') as { err: { stack: string }; requestId: string } | undefined;
    expect(logged?.err.stack).toContain('hunter2');
    expect(logged?.requestId).toBe(res.headers['x-request-id']);
  });

  it("logs a 500 like a browser's error report: its route template, the service's release, at most 20 stack frames", async () => {
    const { logger, lines } = memoryLogger();
    const app = createHttpApp({
      service: 'svc-scoring',
      logger,
      readinessChecks: {},
      routes: (a) =>
        a.get('/api/deep/:pgId', () => {
          throwFromDeep(Error, 'failed deep down');
        }),
    });
    await request(app).get(`/api/deep/${PG_ID}`).expect(500);
    const logged = lines().find((l) => l.msg === 'unhandled error') as { errorReport: { route: string; release: string; stack: string[] }; err: { stack: string } };
    const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'svc-scoring', 'package.json'), 'utf8')) as { version: string };
    expect(logged.errorReport).toMatchObject({ source: 'server', route: '/api/deep/:pgId', release: `@study/svc-scoring@${version}`, kind: 'unhandled', message: 'failed deep down' });
    expect(logged.errorReport.stack).toHaveLength(20);
    expect(logged.err.stack.split('\n').filter((line) => /^\s+at /.test(line))).toHaveLength(20);
    expect(JSON.stringify(logged)).not.toContain(PG_ID);
  });

  it('answers a lock timeout with 503 BUSY and Retry-After', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/api/busy').expect(503);
    expectErrorBody(res.body, 'BUSY');
    expect(res.headers['retry-after']).toBe('1');
  });

  it('answers unknown paths with a JSON 404', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/api/nothing-here').expect(404).expect('content-type', /json/);
    expectErrorBody(res.body, 'NOT_FOUND');
  });

  it.each([
    ['a missing field', {}, 'pgId is required'],
    ['a wrong type', { pgId: 5 }, 'pgId must be a string'],
    ['an extra field', { pgId: PG_ID, admin: true }, 'unexpected field: admin'],
    ['a bad format', { pgId: 'nope' }, 'pgId '],
    ['a non-object body', [PG_ID], 'body must be an object'],
  ])('answers %s with 400 VALIDATION_FAILED naming the field', async (_name, body, text) => {
    const { app, seen } = makeApp();
    const res = await request(app).post('/api/echo').send(body).expect(400);
    expectErrorBody(res.body, 'VALIDATION_FAILED');
    expect(res.body.error).toContain(text);
    expect(seen).toEqual([]);
  });
});

describe('body guards', () => {
  it('passes a valid body through, keeping the raw bytes', async () => {
    const { app } = makeApp();
    const res = await request(app).post('/api/echo').send({ pgId: PG_ID, count: 2 }).expect(200);
    expect(res.body).toEqual({ body: { pgId: PG_ID, count: 2 }, raw: JSON.stringify({ pgId: PG_ID, count: 2 }) });
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const { app } = makeApp();
    const res = await request(app).post('/api/echo').set('content-type', 'application/json').send('{"pgId": ').expect(400);
    expectErrorBody(res.body, 'MALFORMED_JSON');
  });

  it('refuses a bare JSON string (strict JSON)', async () => {
    const { app } = makeApp();
    const res = await request(app).post('/api/echo').set('content-type', 'application/json').send('"hello"').expect(400);
    expectErrorBody(res.body, 'MALFORMED_JSON');
  });

  it('answers an oversized body with 413 BODY_TOO_LARGE', async () => {
    const { app, seen } = makeApp();
    const res = await request(app)
      .post('/api/echo')
      .send({ pgId: PG_ID, tags: { note: 'x'.repeat(2000) } })
      .expect(413);
    expectErrorBody(res.body, 'BODY_TOO_LARGE');
    expect(seen).toEqual([]);
  });

  it('runs routes mounted before the body parser first: a guard refuses before the body is read, a route may take a larger body', async () => {
    const { logger } = memoryLogger();
    const reached: string[] = [];
    const app = createHttpApp({
      service: 'svc-test',
      logger,
      bodyLimit: '1kb',
      readinessChecks: {},
      beforeBody: (a) => {
        a.post(
          '/api/upload',
          (req, _res, next) => next(req.get('x-master-key') === 'right' ? undefined : new AppError(403, 'ADMIN_KEY_INVALID', 'The master key is not correct.')),
          ...jsonBody({ limit: '10kb' }),
          (req, res) => {
            reached.push('upload');
            res.json({ size: JSON.stringify(req.body).length });
          },
        );
      },
      routes: (a) => {
        a.post('/api/echo', (req, res) => res.json(req.body));
      },
    });
    const big = { note: 'x'.repeat(5000) };
    expectErrorBody((await request(app).post('/api/upload').set('x-master-key', 'wrong').send(big).expect(403)).body, 'ADMIN_KEY_INVALID');
    expect(reached).toEqual([]);
    expect((await request(app).post('/api/upload').set('x-master-key', 'right').send(big).expect(200)).body.size).toBeGreaterThan(5000);
    expectErrorBody((await request(app).post('/api/echo').send(big).expect(413)).body, 'BODY_TOO_LARGE');
  });

  it.each([
    ['text/plain', 'pgId=1'],
    ['application/x-www-form-urlencoded', `pgId=${PG_ID}`],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('answers content type %s with 415', async (type, body) => {
    const { app } = makeApp();
    const res = await request(app).post('/api/echo').set('content-type', type).send(body).expect(415);
    expectErrorBody(res.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a compressed body with 415', async () => {
    const { app } = makeApp();
    const res = await request(app).post('/api/echo').set('content-type', 'application/json').set('content-encoding', 'gzip').send('{}').expect(415);
    expectErrorBody(res.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it.each([
    ['an operator as a value', { pgId: { $gt: '' } }],
    ['an operator deep inside', { pgId: PG_ID, tags: { a: [{ b: { $where: '1' } }] } }],
    ['a dotted key', { pgId: PG_ID, tags: { 'access.consent': true } }],
    ['a __proto__ key', JSON.parse(`{"pgId":"${PG_ID}","tags":{"__proto__":{"admin":true}}}`)],
  ])('refuses %s with 400 FORBIDDEN_KEY before the route runs', async (_name, body) => {
    const { app, seen } = makeApp();
    const res = await request(app).post('/api/echo').send(body).expect(400);
    expectErrorBody(res.body, 'FORBIDDEN_KEY');
    expect(seen).toEqual([]);
  });

  it('refuses absurdly deep nesting with 400 rather than failing', async () => {
    const { app } = makeApp();
    const deep = `{"pgId":"${PG_ID}","tags":{"a":${'['.repeat(300)}${']'.repeat(300)}}}`;
    const res = await request(app).post('/api/echo').set('content-type', 'application/json').send(deep).expect(400);
    expectErrorBody(res.body, 'FORBIDDEN_KEY');
  });
});

describe('request ids', () => {
  it('keeps a sane incoming id and echoes it', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/api/app-error').set('x-request-id', 'abc_DEF-12345678').expect(404);
    expect(res.headers['x-request-id']).toBe('abc_DEF-12345678');
    expect(res.body.requestId).toBe('abc_DEF-12345678');
  });

  it.each([['short'], ['has spaces in it'], ['<script>alert(1)</script>'], ['x'.repeat(65)]])('replaces an unsafe incoming id %j', async (incoming) => {
    const { app } = makeApp();
    const res = await request(app).get('/healthz').set('x-request-id', incoming).expect(200);
    expect(res.headers['x-request-id']).not.toBe(incoming);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives each request its own id', async () => {
    const { app } = makeApp();
    const [a, b] = await Promise.all([request(app).get('/healthz'), request(app).get('/healthz')]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('request logging', () => {
  it('logs method, route, status, duration and request id', async () => {
    const { app, lines } = makeApp();
    const res = await request(app).post('/api/echo').send({ pgId: PG_ID }).expect(200);
    const line = lines().find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({ method: 'POST', route: '/api/echo', status: 200, requestId: res.headers['x-request-id'], service: 'svc-test' });
    expect(typeof line?.durationMs).toBe('number');
  });

  it('logs the template, never the secret, of /api/ohready/:masterKey', async () => {
    const { app, lines } = makeApp();
    await request(app).get('/api/ohready/super-secret-key?x=1').expect(200);
    await request(app).get('/api/ohready/super-secret-key/extra').expect(404);
    const routes = lines()
      .filter((l) => typeof l.route === 'string')
      .map((l) => l.route);
    expect(routes).toEqual(['/api/ohready/:masterKey', '/api/ohready/[redacted]']);
    expect(JSON.stringify(lines())).not.toContain('super-secret-key');
  });
});

describe('health', () => {
  it('answers /healthz with the service name', async () => {
    const { app } = makeApp();
    expect((await request(app).get('/healthz').expect(200)).body).toEqual({ status: 'ok', service: 'svc-test' });
  });

  it('names the release of its build on /healthz and /readyz when it has one', async () => {
    const { logger } = memoryLogger();
    const app = createHttpApp({ service: 'svc-test', logger, readinessChecks: { mongo: () => true }, release: '2026.11.24-1' });
    expect((await request(app).get('/healthz').expect(200)).body).toEqual({ status: 'ok', service: 'svc-test', release: '2026.11.24-1' });
    expect((await request(app).get('/readyz').expect(200)).body).toEqual({ status: 'ready', checks: { mongo: 'ok' }, release: '2026.11.24-1' });
  });

  it('answers /readyz 200 when every check passes', async () => {
    const { app } = makeApp({ mongo: () => true, redis: async () => true });
    expect((await request(app).get('/readyz').expect(200)).body).toEqual({ status: 'ready', checks: { mongo: 'ok', redis: 'ok' } });
  });

  it('answers /readyz 503 naming the check that failed or threw', async () => {
    const { app } = makeApp({
      mongo: () => true,
      amqp: () => false,
      redis: async () => {
        throw new Error('ECONNREFUSED');
      },
    });
    expect((await request(app).get('/readyz').expect(503)).body).toEqual({ status: 'not-ready', checks: { mongo: 'ok', amqp: 'down', redis: 'down' } });
  });

  it('sets security headers and hides the framework', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/healthz');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // HSTS comes from the TLS front alone.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
