import request from 'supertest';
import { AUTHORIZE, CLIENT_ID, EXCHANGE, REDIRECT_URI, TOKEN, approve, basic, makeStandin, redeem } from '../test-helpers';

describe('authorize page', () => {
  it('shows the project, a prefilled 8-digit member, the sources and both buttons', async () => {
    const { app } = makeStandin();
    const res = await request(app).get(AUTHORIZE).query({ client_id: CLIENT_ID, response_type: 'code', state: 'abc' }).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.text).toContain('Personality Genetics Study');
    expect(res.text).toMatch(/<label for="member">Member<\/label>\s*<input type="text" id="member" name="member" value="\d{8}"/);
    expect(res.text).toContain('<button type="submit" id="authorize" name="decision" value="authorize">Authorize project</button>');
    expect(res.text).toContain('id="cancel"');
    for (const s of ['128', '129', '120', '131', '40', '55', '138']) expect(res.text).toContain(`id="source-direct-sharing-${s}"`);
    expect(res.text).toContain('<input type="hidden" name="state" value="abc">');
  });

  it('escapes values it echoes', async () => {
    const { app } = makeStandin({ projectName: '<b>Study</b>' });
    const res = await request(app).get(AUTHORIZE).query({ client_id: CLIENT_ID, response_type: 'code', state: '"><script>x</script>' }).expect(200);
    expect(res.text).not.toContain('<script>x');
    expect(res.text).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(res.text).toContain('&lt;b&gt;Study&lt;/b&gt;');
  });

  it.each([
    [{ response_type: 'code' }, /Missing client_id/],
    [{ client_id: 'someone-else', response_type: 'code' }, /Unknown client_id/],
    [{ client_id: CLIENT_ID, response_type: 'token' }, /Unsupported response_type &quot;token&quot;/],
    [{ client_id: CLIENT_ID }, /Unsupported response_type/],
    [{ client_id: CLIENT_ID, response_type: 'code', redirect_uri: 'http://evil.test/return' }, /does not match/],
  ])('answers 400 with the reason for %j', async (query, reason) => {
    const { app } = makeStandin();
    const res = await request(app).get(AUTHORIZE).query(query).expect(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toMatch(reason);
  });

  it('cancel redirects with access_denied and the state', async () => {
    const { app } = makeStandin();
    const res = await request(app)
      .post(AUTHORIZE)
      .type('form')
      .send({ client_id: CLIENT_ID, response_type: 'code', state: 's 1', member: '12345678', decision: 'cancel' })
      .expect(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s 1');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('re-shows the page for a bad member id instead of redirecting', async () => {
    const { app } = makeStandin();
    const res = await request(app)
      .post(AUTHORIZE)
      .type('form')
      .send({ client_id: CLIENT_ID, response_type: 'code', member: '1234', decision: 'authorize' })
      .expect(400);
    expect(res.text).toContain('Member must be an 8-digit project member ID.');
  });

  it('refuses a decision posted for another client', async () => {
    const { app } = makeStandin();
    await request(app)
      .post(AUTHORIZE)
      .type('form')
      .send({ client_id: 'other', response_type: 'code', member: '12345678', decision: 'authorize' })
      .expect(400);
  });
});

describe('authorization code flow', () => {
  it('approve -> redirect with code and state -> token -> exchange-member', async () => {
    const { app } = makeStandin();
    const { memberId, code, location } = await approve(app, { state: 'st-42', sources: ['direct-sharing-128', 'direct-sharing-138'] });
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('st-42');

    const tokenRes = await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
      .expect(200);
    expect(tokenRes.headers['cache-control']).toBe('no-store');
    expect(tokenRes.body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9]{30}$/),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9]{30}$/),
      expires_in: 36000,
      token_type: 'Bearer',
      scope: expect.any(String),
    });

    const member = await request(app).get(EXCHANGE).query({ access_token: tokenRes.body.access_token }).expect(200);
    expect(member.body).toMatchObject({
      project_member_id: memberId,
      username: expect.any(String),
      created: expect.any(String),
      sources_shared: ['direct-sharing-128', 'direct-sharing-138'],
      next: null,
      previous: null,
      count: 2,
    });
    expect(member.body.data.map((f: { source: string }) => f.source)).toEqual(['direct-sharing-128', 'direct-sharing-138']);
    expect(member.body.data[0]).toEqual({
      id: expect.any(Number),
      basename: 'genome_23andme.txt',
      created: expect.any(String),
      datatypes: ['genotype'],
      download_url: expect.stringMatching(/^http:\/\/oh\.test\/data-files\/\d+\/genome_23andme\.txt\?key=/),
      metadata: { tags: expect.any(Array), description: expect.any(String) },
      source: 'direct-sharing-128',
    });

    // The download URL serves the file.
    const url = new URL(member.body.data[0].download_url);
    const file = await request(app).get(`${url.pathname}${url.search}`).expect(200);
    expect(file.text).toContain('23andMe');
    await request(app).get(url.pathname).query({ key: 'wrong' }).expect(404);
  });

  it('accepts the access token as a Bearer header too', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    const tokens = await redeem(app, code);
    await request(app).get(EXCHANGE).set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
  });

  it('omits state from the redirect when none was given', async () => {
    const { app } = makeStandin();
    const { location } = await approve(app);
    expect(location.searchParams.has('state')).toBe(false);
  });

  it('lets the same member authorize again, keeping the id and changing the shared sources', async () => {
    const { app } = makeStandin();
    const first = await approve(app, { sources: ['direct-sharing-138'] });
    const again = await approve(app, { member: first.memberId, sources: ['direct-sharing-129'] });
    const tokens = await redeem(app, again.code);
    const member = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);
    expect(member.body.project_member_id).toBe(first.memberId);
    expect(member.body.sources_shared).toEqual(['direct-sharing-129']);
    expect(member.body.data.map((f: { source: string }) => f.source)).toEqual(['direct-sharing-129']);
  });
});

describe('token endpoint errors', () => {
  it('401 invalid_client for a wrong secret, an unknown client or no credentials', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    for (const auth of [basic(CLIENT_ID, 'wrong-secret'), basic('someone', 'study-secret-123'), undefined, 'Bearer x']) {
      const req = request(app).post(TOKEN).type('form');
      if (auth) req.set('Authorization', auth);
      const res = await req.send({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI }).expect(401);
      expect(res.body.error).toBe('invalid_client');
    }
    // The failed attempts did not consume the code.
    await redeem(app, code);
  });

  it('400 invalid_grant for a reused code', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    await redeem(app, code);
    const res = await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
      .expect(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('400 invalid_grant for a code older than 30 minutes, accepted just before', async () => {
    const { app, clock } = makeStandin();
    const early = await approve(app);
    const late = await approve(app);
    clock.advance(30 * 60 - 1);
    await redeem(app, early.code);
    clock.advance(1);
    const res = await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'authorization_code', code: late.code, redirect_uri: REDIRECT_URI })
      .expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/expired/) });
  });

  it('400 invalid_grant for an unknown code', async () => {
    const { app } = makeStandin();
    const res = await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'authorization_code', code: 'nope', redirect_uri: REDIRECT_URI })
      .expect(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('400 invalid_request "Mismatching redirect URI." for a wrong redirect_uri, as oauthlib says it; the code stays usable', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    const res = await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:8080/elsewhere' })
      .expect(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: 'Mismatching redirect URI.' });
    await redeem(app, code);
  });

  it('takes a token request without redirect_uri when the authorize request had one: oauthlib puts the registered URI in its place', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app, { redirectUri: REDIRECT_URI });
    await redeem(app, code, undefined);
  });

  it('accepts a token request without redirect_uri when the authorize request had none', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    await redeem(app, code, undefined);
  });

  it('answers unsupported_grant_type for a missing or unknown grant type, and for a JSON body, before looking at the client', async () => {
    const { app } = makeStandin();
    const none = await request(app).post(TOKEN).set('Authorization', basic()).type('form').send({ code: 'x' }).expect(400);
    expect(none.body).toEqual({ error: 'unsupported_grant_type' });
    const other = await request(app).post(TOKEN).set('Authorization', basic(CLIENT_ID, 'wrong-secret')).type('form').send({ grant_type: 'password' }).expect(400);
    expect(other.body).toEqual({ error: 'unsupported_grant_type' });
    const json = await request(app).post(TOKEN).set('Authorization', basic()).send({ grant_type: 'refresh_token', refresh_token: 'x' }).expect(400);
    expect(json.body.error).toBe('unsupported_grant_type');
  });

  it('names a missing code or refresh token, and a repeated redirect_uri, as invalid_request', async () => {
    const { app } = makeStandin();
    const post = (form: string) => request(app).post(TOKEN).set('Authorization', basic()).type('form').send(form);
    expect((await post('grant_type=authorization_code').expect(400)).body).toEqual({ error: 'invalid_request', error_description: 'Missing code parameter.' });
    expect((await post('grant_type=refresh_token').expect(400)).body).toEqual({ error: 'invalid_request', error_description: 'Missing refresh token parameter.' });
    const { code } = await approve(app);
    const twice = await post(`grant_type=authorization_code&code=${code}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`).expect(400);
    expect(twice.body).toEqual({ error: 'invalid_request', error_description: 'Duplicate redirect_uri parameter.' });
    await redeem(app, code);
  });
});

describe('refresh_token grant', () => {
  it('rotates: a new pair each time, the old refresh token and access token stop working', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    const first = await redeem(app, code);

    const refreshed = await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: first.refresh_token })
      .expect(200);
    expect(refreshed.body).toMatchObject({ token_type: 'Bearer', expires_in: 36000 });
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.body.access_token).not.toBe(first.access_token);

    const reuse = await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: first.refresh_token })
      .expect(400);
    expect(reuse.body.error).toBe('invalid_grant');

    await request(app).get(EXCHANGE).query({ access_token: first.access_token }).expect(401);
    await request(app).get(EXCHANGE).query({ access_token: refreshed.body.access_token }).expect(200);

    // The new refresh token works once more.
    await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token })
      .expect(200);
  });

  it('needs client authentication too', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    const tokens = await redeem(app, code);
    const res = await request(app)
      .post(TOKEN)
      .set('Authorization', basic(CLIENT_ID, 'not-the-secret'))
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
      .expect(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('honours TOKEN_TTL_SECONDS: the access token expires, a refresh brings a fresh one', async () => {
    const { app, clock } = makeStandin({ tokenTtlSeconds: 60 });
    const { code } = await approve(app);
    const tokens = await redeem(app, code);
    expect(tokens.expires_in).toBe(60);
    clock.advance(59);
    await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);
    clock.advance(1);
    const expired = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(401);
    expect(expired.body).toEqual({ detail: 'Expired token.' });
    const refreshed = await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
      .expect(200);
    await request(app).get(EXCHANGE).query({ access_token: refreshed.body.access_token }).expect(200);
  });
});

describe('client authentication at the token endpoint (django-oauth-toolkit)', () => {
  const bodyCredentials = { client_id: CLIENT_ID, client_secret: 'study-secret-123' };

  it('takes client_id and client_secret in the form body, for both grants', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    const tokens = await request(app)
      .post(TOKEN)
      .type('form')
      .send({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, ...bodyCredentials })
      .expect(200);
    await request(app)
      .post(TOKEN)
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token, ...bodyCredentials })
      .expect(200);
  });

  it('tries HTTP Basic first: working Basic credentials win over wrong ones in the body', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'authorization_code', code, client_id: 'someone-else', client_secret: 'not-the-secret' })
      .expect(200);
  });

  it('falls back to the body when Basic fails; Basic naming the project keeps it, so only the body secret counts', async () => {
    const { app } = makeStandin();
    const first = await approve(app);
    await request(app)
      .post(TOKEN)
      .set('Authorization', basic('someone-else', 'x'))
      .type('form')
      .send({ grant_type: 'authorization_code', code: first.code, ...bodyCredentials })
      .expect(200);
    const second = await approve(app);
    await request(app)
      .post(TOKEN)
      .set('Authorization', basic(CLIENT_ID, 'wrong-secret'))
      .type('form')
      .send({ grant_type: 'authorization_code', code: second.code, client_id: 'ignored-here', client_secret: 'study-secret-123' })
      .expect(200);
  });

  it('401 invalid_client without a description and with a Bearer challenge when neither works; the scheme must be spelled "Basic"', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    const attempts = [
      { auth: undefined, form: { client_id: CLIENT_ID } },
      { auth: undefined, form: { client_id: CLIENT_ID, client_secret: 'wrong-secret' } },
      { auth: undefined, form: { client_id: 'someone-else', client_secret: 'study-secret-123' } },
      { auth: basic(CLIENT_ID, 'wrong-secret'), form: { client_id: CLIENT_ID, client_secret: 'also-wrong' } },
      { auth: basic().replace('Basic', 'basic'), form: {} },
    ];
    for (const { auth, form } of attempts) {
      const req = request(app).post(TOKEN).type('form');
      if (auth) req.set('Authorization', auth);
      const res = await req.send({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, ...form }).expect(401);
      expect(res.body).toEqual({ error: 'invalid_client' });
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_client"');
    }
    await redeem(app, code);
  });
});
