import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { errorHandler } from './error-handler';
import { accessLog } from './observability/access-log';
import { createGatewayLoggers } from './observability/logger';
import { LogCapture } from './test-support/harness';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

/** A gateway-shaped app whose one route fails 40 calls deep: a bug, answered 500. */
function failingApp(logs: LogCapture): express.Express {
  const app = express();
  const { logger, accessLogger } = createGatewayLoggers('info', logs);
  app.use(accessLog({ logger, accessLogger, requestPrototype: app.request }));
  app.get('/remotes/:name', () => {
    const dive = (n: number): never => {
      if (n === 0) throw new TypeError(`no release for ${PG_ID}`);
      return dive(n - 1);
    };
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Infinity;
    try {
      dive(40);
    } finally {
      Error.stackTraceLimit = limit;
    }
  });
  app.use(errorHandler());
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
