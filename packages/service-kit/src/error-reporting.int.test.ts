import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { errorReports, parseEnvelope } from '@study/error-reporting/envelope';
import { startEnvelopeProject, type EnvelopeProject } from '@study/error-reporting/server-testing';
import { baseServiceConfig, loadConfig } from './config';
import { startService, type RunningService } from './runtime';
import { memoryLogger, serviceTestEnv, throwFromDeep, waitFor } from './testing';

const PG_ID = '5d0c7b1a-2e3f-4a5b-8c6d-7e8f9a0b1c2d';
const schema = baseServiceConfig({ port: 0, mongoDb: 'kit', queue: 'svc-kit' });

describe('a service with ERROR_REPORTING_DSN set (real FerretDB, RabbitMQ, Redis)', () => {
  const testEnv = serviceTestEnv('kit_errors');
  const { logger, lines } = memoryLogger('debug', 'svc-scoring');
  let project: EnvelopeProject;
  let svc: RunningService;

  beforeAll(async () => {
    project = await startEnvelopeProject();
    svc = await startService({
      service: 'svc-scoring',
      config: loadConfig(schema, { ...testEnv.env, ERROR_REPORTING_DSN: project.dsn }),
      logger,
      routes: (app) => {
        // A bug 40 calls deep, naming the participant it failed for.
        app.post('/api/deep/:pgId', (req) => {
          throwFromDeep(TypeError, `no score for ${String(req.params.pgId)}`);
        });
      },
    });
  });

  afterAll(async () => {
    await svc?.stop();
    await project?.close();
    await testEnv.cleanup();
  });

  it('answers the caller 500 and sends the project one event envelope: route template, release, at most 20 frames, no study ID', async () => {
    const res = await request(svc.url).post(`/api/deep/${PG_ID}?q=${PG_ID}`).set('authorization', 'Bearer secret-token').send({ pgId: PG_ID }).expect(500);
    expect(res.body.code).toBe('INTERNAL');
    await waitFor(() => project.received.length > 0, 'the envelope at the project');
    expect(project.received).toHaveLength(1);
    const [sent] = project.received;
    const text = sent?.body.toString('utf8') ?? '';
    expect(sent?.url).toBe('/api/7/envelope/?sentry_key=testkey&sentry_version=7');
    expect(sent?.contentType).toBe('application/x-sentry-envelope');
    // Neither the real path, its query, the caller's headers nor the body leave the service.
    for (const secret of [PG_ID, 'secret-token', 'q=']) expect(text).not.toContain(secret);

    const { version } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../svc-scoring/package.json'), 'utf8')) as { version: string };
    const envelope = parseEnvelope(sent?.body ?? Buffer.alloc(0));
    const [summary, ...others] = errorReports(envelope);
    expect(others).toEqual([]);
    expect(summary).toMatchObject({ route: '/api/deep/:pgId', release: `@study/svc-scoring@${version}`, level: 'error', message: 'TypeError: no score for :id' });
    expect(summary?.stack).toHaveLength(20);
    expect(summary?.stack[0]).toMatch(/^dive \(/);
    expect(envelope.items[0]?.payload).toMatchObject({ platform: 'node', logger: 'svc-scoring', request: { method: 'POST', url: '/api/deep/:pgId' } });

    // The log line is written as before, and the send failed nowhere.
    expect(lines().filter((line) => line.msg === 'unhandled error')).toHaveLength(1);
    expect(lines().filter((line) => /error-reporting project/.test(String(line.msg)))).toEqual([]);
  });

  it('answers 500 all the same when the project refuses; the failed send is a warn line', async () => {
    project.status = 500;
    const before = project.received.length;
    await request(svc.url).post(`/api/deep/${PG_ID}`).send({}).expect(500);
    const warned = await waitFor(() => lines().find((line) => line.msg === 'server error not sent to the error-reporting project'), 'the warn line');
    expect(warned.level).toBe('warn');
    expect(project.received).toHaveLength(before + 1);
  });
});
