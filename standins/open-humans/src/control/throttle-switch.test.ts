import request from 'supertest';
import { EXCHANGE, linkedMember, makeStandin } from '../test-helpers';

const MASTER = 'master-token-for-tests-0123';
const MEMBERS = '/api/direct-sharing/project/members/';

describe('the throttle switch (DRF Throttled)', () => {
  it('answers authenticated project calls 429 with the wait, counting down, until the time is up', async () => {
    const { app, clock } = makeStandin({ masterAccessToken: MASTER });
    const { tokens } = await linkedMember(app);
    expect((await request(app).post('/_standin/throttle').send({ seconds: 30 }).expect(200)).body).toMatchObject({ active: true, throttled: 0 });

    const first = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(429);
    expect(first.body).toEqual({ detail: 'Request was throttled. Expected available in 30 seconds.' });
    expect(first.headers['retry-after']).toBe('30');
    clock.advance(29.5);
    const later = await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(429);
    expect(later.body).toEqual({ detail: 'Request was throttled. Expected available in 1 second.' });
    expect(later.headers['retry-after']).toBe('1');
    // DRF checks throttles after authentication: a bad token is still a 401.
    await request(app).get(MEMBERS).query({ access_token: 'wrong-token' }).expect(401);
    clock.advance(0.5);
    await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);
    expect((await request(app).get('/_standin/throttle').expect(200)).body).toEqual({ active: false, until: null, remaining_calls: null, throttled: 2 });
  });

  it('stops after count calls, or when set to 0 seconds; refuses a bad body', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    await request(app).post('/_standin/throttle').send({ seconds: 60, count: 1 }).expect(200);
    await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(429);
    await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(200);
    await request(app).post('/_standin/throttle').send({ seconds: 60 }).expect(200);
    await request(app).post('/_standin/throttle').send({ seconds: 0 }).expect(200);
    await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(200);
    await request(app).post('/_standin/throttle').send({ seconds: -1 }).expect(400);
  });
});
