import request from 'supertest';
import { startPrivateFerretDb, type PrivateFerretDb } from '@study/test-infra';
import { baseServiceConfig, loadConfig } from './config';
import { startService, type RunningService } from './runtime';
import { memoryLogger, serviceTestEnv } from './testing';

jest.setTimeout(60_000);

const schema = baseServiceConfig({ port: 0, mongoDb: 'kit', queue: 'svc-kit' });

describe('a database that is away (a real FerretDB, stopped and started again)', () => {
  const testEnv = serviceTestEnv('kit_dbdown');
  const { logger } = memoryLogger('warn', 'svc-kit');
  let ferret: PrivateFerretDb;
  let svc: RunningService;

  beforeAll(async () => {
    ferret = await startPrivateFerretDb();
    const config = loadConfig(schema, { ...testEnv.env, MONGO_URL: ferret.url });
    svc = await startService({
      service: 'svc-kit',
      config,
      logger,
      routes: (app, ctx) => {
        app.post('/api/save', async (req, res) => {
          const saves = ctx.db.collection<{ _id: string; n: number }>('saves');
          await ctx.lock.run(`saves:${String(req.body.id)}`, () => saves.updateOne({ _id: String(req.body.id) }, { $inc: { n: 1 } }, { upsert: true }));
          res.status(201).json({ stored: true });
        });
      },
    });
  });

  afterAll(async () => {
    await svc?.stop();
    await ferret?.dispose();
    await testEnv.cleanup().catch(() => undefined);
  });

  it('answers 503 with Retry-After while the database is stopped, and 2xx again once it is back', async () => {
    expect((await request(svc.url).post('/api/save').send({ id: 'a' })).status).toBe(201);

    await ferret.stop();
    const down = await request(svc.url).post('/api/save').send({ id: 'a' });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);

    await ferret.start();
    let back = await request(svc.url).post('/api/save').send({ id: 'a' });
    // The driver finds the server again within its heartbeat; until then the answer stays 503.
    for (let i = 0; i < 40 && back.status === 503; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      back = await request(svc.url).post('/api/save').send({ id: 'a' });
    }
    expect(back.status).toBe(201);
  });
});
