import request from 'supertest';
import { EXCHANGE, linkedMember, makeStandin } from '../test-helpers';

const MASTER = 'master-token-for-tests-0123';
const MESSAGE = '/api/direct-sharing/project/message/';
const REMOVE = '/api/direct-sharing/project/remove-members/';
const MEMBERS = '/api/direct-sharing/project/members/';
/** ProjectAPIView's first class is CustomOAuth2Authentication: django-oauth-toolkit's header, with the error it noted. */
const OAUTH2_INVALID = 'Bearer realm="api",error="invalid_token",error_description="The access token is invalid."';
/** ProjectMemberDataView has MasterTokenAuthentication only. */
const MASTER_REALM = 'Bearer realm="api"';

describe('master token expiry (MASTER_TOKEN_TTL_SECONDS)', () => {
  it('lasts 24 hours from the start by default, then every master call answers 401 "Expired token."', async () => {
    const { app, clock } = makeStandin({ masterAccessToken: MASTER, tokenTtlSeconds: 2 * 86_400 });
    const member = await linkedMember(app);
    clock.advance(86_400);
    // Still valid at the expiry instant: the platform compares token_expiration_date < now.
    await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(200);
    clock.ms += 1;
    const list = await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(401);
    expect(list.body).toEqual({ detail: 'Expired token.' });
    expect(list.headers['www-authenticate']).toBe(MASTER_REALM);
    for (const call of [
      request(app).post(MESSAGE).set('Authorization', `Bearer ${MASTER}`).send({ message: 'Hi', all_members: true }),
      request(app).post(REMOVE).query({ access_token: MASTER }).send({ project_member_ids: [member.memberId] }),
    ]) {
      const res = await call.expect(401);
      expect(res.body).toEqual({ detail: 'Expired token.' });
      expect(res.headers['www-authenticate']).toBe(OAUTH2_INVALID);
    }
    // The member's own token is not the master token: it still works.
    await request(app).get(EXCHANGE).query({ access_token: member.tokens.access_token }).expect(200);
  });

  it('follows a shorter lifetime, and never expires with 0 (the control then refuses to expire it)', async () => {
    const short = makeStandin({ masterAccessToken: MASTER, masterTokenTtlSeconds: 60 });
    short.clock.advance(61);
    await request(short.app).get(MEMBERS).query({ access_token: MASTER }).expect(401);

    const forever = makeStandin({ masterAccessToken: MASTER, masterTokenTtlSeconds: 0 });
    forever.clock.advance(10 * 365 * 86_400);
    await request(forever.app).get(MEMBERS).query({ access_token: MASTER }).expect(200);
    expect((await request(forever.app).post('/_standin/master-token/expire').expect(409)).body.error).toMatch(/turned off/);
    expect((await request(forever.app).get('/_standin/master-token').expect(200)).body).toEqual({ configured: true, expires_at: null, expired: false });
  });

  it('expires now, and regenerates a new 64-character token with a fresh lifetime, by the test controls', async () => {
    const { app, clock } = makeStandin({ masterAccessToken: MASTER, masterTokenTtlSeconds: 600 });
    const expired = await request(app).post('/_standin/master-token/expire').expect(200);
    expect(expired.body).toMatchObject({ configured: true, expired: true });
    expect((await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(401)).body).toEqual({ detail: 'Expired token.' });

    clock.advance(100);
    const regenerated = await request(app).post('/_standin/master-token/regenerate').expect(200);
    const fresh = regenerated.body.master_access_token as string;
    expect(fresh).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(regenerated.body).toMatchObject({ expired: false, expires_at: new Date(clock.ms + 600_000).toISOString() });
    await request(app).get(MEMBERS).query({ access_token: fresh }).expect(200);
    // The old token is no longer the project's.
    expect((await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(401)).body).toEqual({ detail: 'Invalid token.' });
  });

  it('regenerating gives a project without MASTER_ACCESS_TOKEN one', async () => {
    const { app } = makeStandin();
    await request(app).post('/_standin/master-token/expire').expect(409);
    const { master_access_token: token } = (await request(app).post('/_standin/master-token/regenerate').expect(200)).body;
    await request(app).get(MEMBERS).query({ access_token: token }).expect(200);
  });
});

describe('project API authentication (DRF with the platform authentication classes)', () => {
  it('answers an expired member token with "Expired token." and an unknown one with the master check\'s "Invalid token."', async () => {
    const { app, clock } = makeStandin({ masterAccessToken: MASTER, tokenTtlSeconds: 60 });
    const { tokens } = await linkedMember(app);
    clock.advance(60);
    for (const call of [request(app).get(EXCHANGE).query({ access_token: tokens.access_token }), request(app).get(EXCHANGE).set('Authorization', `Bearer ${tokens.access_token}`)]) {
      const res = await call.expect(401);
      expect(res.body).toEqual({ detail: 'Expired token.' });
      expect(res.headers['www-authenticate']).toBe(MASTER_REALM);
    }
    const unknown = await request(app).get(EXCHANGE).query({ access_token: 'no-such-token' }).expect(401);
    expect(unknown.body).toEqual({ detail: 'Invalid token.' });
    expect(unknown.headers['www-authenticate']).toBe(OAUTH2_INVALID);
  });

  it('answers a call without credentials, or with a malformed Bearer header, as DRF does', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const none = await request(app).get(EXCHANGE).expect(401);
    expect(none.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(none.headers['www-authenticate']).toBe(MASTER_REALM);
    expect((await request(app).get(EXCHANGE).set('Authorization', 'Basic abc').expect(401)).body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await request(app).get(EXCHANGE).set('Authorization', 'Bearer').expect(401)).body).toEqual({ detail: 'Invalid token header. No credentials provided.' });
    expect((await request(app).get(MEMBERS).query({ access_token: '' }).expect(401)).body).toEqual({ detail: 'Invalid token header. No credentials provided.' });
    expect((await request(app).get(EXCHANGE).set('Authorization', 'Bearer a b').expect(401)).body).toEqual({ detail: 'Invalid token header. Token string should not contain spaces.' });
  });

  it("puts the query's access_token in place of the Authorization header (the platform's middleware), so the query wins", async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    await request(app).get(MEMBERS).query({ access_token: MASTER }).set('Authorization', 'Bearer wrong-token').expect(200);
    await request(app).get(MEMBERS).query({ access_token: 'wrong-token' }).set('Authorization', `Bearer ${MASTER}`).expect(401);
    // Repeated: the last value counts, as Django's QueryDict gives it.
    await request(app).get(`${MEMBERS}?access_token=wrong-token&access_token=${MASTER}`).expect(200);
  });

  it('refuses a member token on the member list, which takes the master token only', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const { tokens } = await linkedMember(app);
    const res = await request(app).get(MEMBERS).query({ access_token: tokens.access_token }).expect(401);
    expect(res.body).toEqual({ detail: 'Invalid token.' });
    expect(res.headers['www-authenticate']).toBe(MASTER_REALM);
  });
});
