import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { errorReports, parseEnvelope } from '@study/error-reporting/envelope';
import { parseDsn, serverErrorReporter } from '@study/error-reporting/server';
import { startEnvelopeProject } from '@study/error-reporting/server-testing';
import { packageRelease } from '@study/service-kit';
import { throwFromDeep } from '@study/service-kit/testing';
import { errorHandler, type GatewayErrorHandlerOptions } from './error-handler';
import { accessLog } from './observability/access-log';
import { createGatewayLoggers } from './observability/logger';
import { LogCapture } from './test-support/harness';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

/** A gateway-shaped app whose one route fails 40 calls deep: a bug, answered 500. */
function failingApp(logs: LogCapture, options: GatewayErrorHandlerOptions = {}): express.Express {
  const app = express();
  const { logger, accessLogger } = createGatewayLoggers('info', logs);
  app.use(accessLog({ logger, accessLogger, requestPrototype: app.request }));
  app.get('/remotes/:name', () => {
    throwFromDeep(TypeError, `no release for ${PG_ID}`);
  });
  app.use(errorHandler(options));
  return app;
}

describe("the gateway's error handler", () => {
  it("logs a 500 like a browser's error report: its route, the gateway's release, at most 20 stack frames", async () => {
    const logs = new LogCapture();
    const res = await request(failingApp(logs)).get(`/remotes/${PG_ID}`).expect(500);
    expect(res.body.code).toBe('INTERNAL');
    const line = logs.entries().find((entry) => entry.msg === 'unhandled error') as { errorReport: { stack: string[] }; err: { stack: string } } | undefined;
    const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect(line).toMatchObject({
      level: 'error',
      service: 'gateway',
      requestId: res.headers['x-request-id'],
      errorReport: { source: 'server', route: '/remotes/:name', release: `@study/gateway@${version}`, kind: 'unhandled', message: 'no release for :id' },
      err: { type: 'TypeError', message: 'no release for :id' },
    });
    expect(line?.errorReport.stack).toHaveLength(20);
    expect(line?.errorReport.stack[0]).toMatch(/^dive \(/);
    expect(line?.err.stack.split('\n').filter((l) => /^\s+at /.test(l))).toHaveLength(20);
    expect(JSON.stringify(line)).not.toContain(PG_ID);
  });

  it('with a DSN set, also sends the 500 to that project as a Sentry event: route template, release, at most 20 frames, no study ID', async () => {
    const project = await startEnvelopeProject();
    try {
      const logs = new LogCapture();
      const report = serverErrorReporter(parseDsn(project.dsn), { service: 'gateway', release: packageRelease('gateway') });
      const res = await request(failingApp(logs, { report })).get(`/remotes/${PG_ID}?token=${PG_ID}`).expect(500);
      expect(res.body.code).toBe('INTERNAL');
      for (let i = 0; i < 200 && project.received.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(project.received).toHaveLength(1);
      const [sent] = project.received;
      expect(sent?.url).toBe('/api/7/envelope/?sentry_key=testkey&sentry_version=7');
      expect(sent?.body.toString('utf8')).not.toContain(PG_ID);
      expect(sent?.body.toString('utf8')).not.toContain('token');
      const envelope = parseEnvelope(sent?.body ?? Buffer.alloc(0));
      expect(envelope.header.dsn).toBe(project.dsn);
      const [summary] = errorReports(envelope);
      expect(summary).toMatchObject({ route: '/remotes/:name', release: packageRelease('gateway'), message: 'TypeError: no release for :id' });
      expect(summary?.stack).toHaveLength(20);
      expect(envelope.items[0]?.payload).toMatchObject({ logger: 'gateway', tags: { service: 'gateway', route: '/remotes/:name' }, request: { method: 'GET', url: '/remotes/:name' } });
      expect(logs.entries().filter((entry) => entry.level === 'warn')).toEqual([]);
    } finally {
      await project.close();
    }
  });

  it('answers 500 all the same when the project cannot be reached; the failed send is a warn line', async () => {
    const project = await startEnvelopeProject();
    const dsn = parseDsn(project.dsn);
    await project.close();
    const logs = new LogCapture();
    await request(failingApp(logs, { report: serverErrorReporter(dsn, { service: 'gateway', release: 'r' }) })).get(`/remotes/${PG_ID}`).expect(500);
    for (let i = 0; i < 200 && !logs.entries().some((entry) => entry.level === 'warn'); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logs.entries().filter((entry) => entry.level === 'warn').map((entry) => entry.msg)).toEqual(['server error not sent to the error-reporting project']);
  });

  it('answers a request the body parser could not read with 400, logging no error', async () => {
    const logs = new LogCapture();
    const app = express();
    const { logger, accessLogger } = createGatewayLoggers('info', logs);
    app.use(accessLog({ logger, accessLogger, requestPrototype: app.request }));
    app.post('/x', express.json(), (_req, res) => res.end());
    app.use(errorHandler());
    await request(app).post('/x').set('content-type', 'application/json').send('{not json').expect(400);
    expect(logs.entries().filter((entry) => entry.msg === 'unhandled error')).toEqual([]);
  });
});
