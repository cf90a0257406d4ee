import express from 'express';
import request from 'supertest';
import { routes, routesOf } from '@study/contracts';
import { errorHandler } from './errors';
import { createHttpApp } from './http-app';
import { memoryLogger } from './memory-logger';
import { checkMountedRoutes, mount } from './mount';

function scoringApp(skip?: string): express.Express {
  const app = express();
  app.use(express.json());
  for (const route of routesOf('scoring')) if (route.path !== skip) mount(app, route, (_req, res) => res.json({ ok: true }));
  return app;
}

describe('checkMountedRoutes', () => {
  it("passes when a service mounts exactly its routes of the table", () => {
    expect(() => checkMountedRoutes(scoringApp(), 'scoring')).not.toThrow();
  });

  it('fails naming a route of its own the service did not mount', () => {
    expect(() => checkMountedRoutes(scoringApp(routes.finalScore.path), 'scoring')).toThrow('not mounted: POST /api/user/survey/final');
  });

  it("fails naming a route the table gives another service", () => {
    const app = scoringApp();
    mount(app, routes.nardiReport, (_req, res) => res.end());
    expect(() => checkMountedRoutes(app, 'scoring')).toThrow('not in the route table for scoring: POST /api/user/nardi/report');
  });

  it('fails naming an /api path added around mount, in or out of the table', () => {
    const app = scoringApp();
    app.get('/api/user/secret-extra', (_req, res) => res.end());
    expect(() => checkMountedRoutes(app, 'scoring')).toThrow('answered without mount and not in the route table: GET /api/user/secret-extra');
    const other = scoringApp(routes.nardiFinal.path);
    other.post(routes.nardiFinal.path, (_req, res) => res.end());
    expect(() => checkMountedRoutes(other, 'scoring')).toThrow('answered without mount: POST /api/user/nardi/final');
  });
});

describe('mount', () => {
  it("hands the handler the body parsed by the route's request schema, and refuses a bad one with 400 before it runs", async () => {
    const app = express();
    app.use(express.json());
    const seen: unknown[] = [];
    mount(app, routes.finalScore, (_req, res, body) => {
      seen.push(body.pgId);
      res.json({ ok: true });
    });
    app.use((req, _res, next) => {
      req.requestId = 'r1';
      next();
    });
    app.use(errorHandler());
    const pgId = '2d7f3c1e-8a4b-4c5d-9e6f-1a2b3c4d5e6f';
    await request(app).post(routes.finalScore.path).send({ pgId }).expect(200);
    const refused = await request(app).post(routes.finalScore.path).send({ pgId: 'nope' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(seen).toEqual([pgId]);
  });
});

describe('a service app that owns routes of the table', () => {
  const options = { service: 'svc-scoring', logger: memoryLogger().logger, readinessChecks: {}, owns: 'scoring' as const };

  it('starts when it mounts exactly its routes', () => {
    expect(() => createHttpApp({ ...options, routes: (app) => routesOf('scoring').forEach((route) => mount(app, route, (_req, res) => res.end())) })).not.toThrow();
  });

  it('refuses to start when it misses one of its routes or mounts one that is not in the table', () => {
    expect(() => createHttpApp({ ...options, routes: (app) => mount(app, routes.nardiScores, (_req, res) => res.end()) })).toThrow(/not mounted: POST \/api\/user\/nardi\/final, POST \/api\/user\/survey\/final/);
    expect(() =>
      createHttpApp({
        ...options,
        routes: (app) => {
          routesOf('scoring').forEach((route) => mount(app, route, (_req, res) => res.end()));
          app.post('/api/user/nardi/extra', (_req, res) => res.end());
        },
      }),
    ).toThrow('answered without mount and not in the route table: POST /api/user/nardi/extra');
  });
});
