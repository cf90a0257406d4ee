import request from 'supertest';
import { apiPath } from '@study/api-client';
import { routes } from '@study/contracts';
import { createUpstreamStub, stubUserView } from './upstream-stub-app';

describe('stubUserView', () => {
  it("names the study ID the body gives, or 'unknown'", () => {
    expect(stubUserView({ pgId: 'abc' }).access.pgId).toBe('abc');
    expect(stubUserView({ pgId: 7 }).access.pgId).toBe('unknown');
    expect(stubUserView(undefined).access.pgId).toBe('unknown');
  });

  it('has each survey under its own id', () => {
    const view = stubUserView({});
    expect([view.selfAssessment.id, view.nardi.id, view.mbti.id, view.typeFinder.id]).toEqual(['selfAssessment', 'nardi', 'mbti', 'typeFinder']);
  });
});

describe('createUpstreamStub', () => {
  const app = createUpstreamStub();

  it("answers the participant's view for POST /api/user", async () => {
    const res = await request(app).post(apiPath(routes.user)).send({ pgId: '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f' }).expect(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(stubUserView({ pgId: '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f' }))));
  });

  it('keeps a well-formed request id and replaces any other, as a service does', async () => {
    const kept = await request(app).post(apiPath(routes.user)).set('x-request-id', 'bench-request-1').send({});
    expect(kept.headers['x-request-id']).toBe('bench-request-1');
    const replaced = await request(app).post(apiPath(routes.user)).set('x-request-id', 'bad id!').send({});
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("runs helmet's headers and no x-powered-by", async () => {
    const res = await request(app).get('/healthz').expect(200, { status: 'ok', service: 'stub' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a body that is not JSON and one over the limit', async () => {
    await request(app).post(apiPath(routes.user)).set('content-type', 'application/json').send('{not json').expect(400);
    await request(app).post(apiPath(routes.user)).send({ pgId: 'x'.repeat(200_000) }).expect(413);
  });
});
