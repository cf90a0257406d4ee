import request from 'supertest';
import type { Express } from 'express';
import { AUTHORIZE, CLIENT_ID, EXCHANGE, REDIRECT_URI, TOKEN, approve, basic, hiddenFields, makeStandin, redeem } from '../test-helpers';
import { verifierMatches } from './pkce';

// RFC 7636 appendix B: a known verifier and its S256 challenge, so the check is not circular.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const S256_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function tokenRequest(app: Express, fields: Record<string, string>) {
  return request(app)
    .post(TOKEN)
    .set('Authorization', basic())
    .type('form')
    .send({ grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, ...fields });
}

describe('verifierMatches', () => {
  it('S256 compares the unpadded base64url SHA-256 of the verifier', () => {
    expect(verifierMatches(VERIFIER, S256_CHALLENGE, 'S256')).toBe(true);
    expect(verifierMatches(VERIFIER, `${S256_CHALLENGE}=`, 'S256')).toBe(false);
    expect(verifierMatches(S256_CHALLENGE, S256_CHALLENGE, 'S256')).toBe(false);
  });

  it('plain compares the strings', () => {
    expect(verifierMatches(VERIFIER, VERIFIER, 'plain')).toBe(true);
    expect(verifierMatches(VERIFIER, S256_CHALLENGE, 'plain')).toBe(false);
  });
});

describe('PKCE on the authorize page', () => {
  it('carries the challenge and its method as hidden fields', async () => {
    const { app } = makeStandin();
    const res = await request(app)
      .get(AUTHORIZE)
      .query({ client_id: CLIENT_ID, response_type: 'code', code_challenge: S256_CHALLENGE, code_challenge_method: 'S256' })
      .expect(200);
    expect(hiddenFields(res.text)).toEqual(
      expect.arrayContaining([
        ['code_challenge', S256_CHALLENGE],
        ['code_challenge_method', 'S256'],
      ]),
    );
  });

  it('names the method "plain" when the request gave a challenge without one', async () => {
    const { app } = makeStandin();
    const res = await request(app).get(AUTHORIZE).query({ client_id: CLIENT_ID, response_type: 'code', code_challenge: 'abc' }).expect(200);
    expect(hiddenFields(res.text)).toEqual(expect.arrayContaining([['code_challenge_method', 'plain']]));
  });

  it('ignores a method without a challenge', async () => {
    const { app } = makeStandin();
    const res = await request(app)
      .get(AUTHORIZE)
      .query({ client_id: CLIENT_ID, response_type: 'code', code_challenge_method: 'bogus' })
      .expect(200);
    expect(res.text).not.toContain('code_challenge');
  });

  it.each(['S512', 's256', ''])('redirects an unsupported method %j back with invalid_request and the state', async (method) => {
    const { app } = makeStandin();
    const res = await request(app)
      .get(AUTHORIZE)
      .query({ client_id: CLIENT_ID, response_type: 'code', state: 'st 7', code_challenge: S256_CHALLENGE, code_challenge_method: method })
      .expect(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'Transform algorithm not supported.',
      state: 'st 7',
    });
  });

  it('still shows a page, not a redirect, when the client itself is wrong', async () => {
    const { app } = makeStandin();
    const res = await request(app)
      .get(AUTHORIZE)
      .query({ client_id: 'someone-else', response_type: 'code', code_challenge: 'abc', code_challenge_method: 'S512' })
      .expect(400);
    expect(res.text).toMatch(/Unknown client_id/);
  });

  it('redirects an unsupported method posted with the decision, without authorizing the member; cancel still wins', async () => {
    const { app } = makeStandin();
    const fields = { client_id: CLIENT_ID, response_type: 'code', state: 's', code_challenge: 'abc', code_challenge_method: 'S512', member: '12345678' };
    const approved = await request(app)
      .post(AUTHORIZE)
      .type('form')
      .send({ ...fields, decision: 'authorize', sources: 'direct-sharing-128' })
      .expect(302);
    const location = new URL(approved.headers.location as string);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toBe('Transform algorithm not supported.');
    expect(location.searchParams.has('code')).toBe(false);
    const members = await request(app).get('/_standin/members').expect(200);
    expect(JSON.stringify(members.body)).not.toContain('12345678');

    const cancelled = await request(app)
      .post(AUTHORIZE)
      .type('form')
      .send({ ...fields, decision: 'cancel' })
      .expect(302);
    expect(new URL(cancelled.headers.location as string).searchParams.get('error')).toBe('access_denied');
  });
});

describe('PKCE on the token endpoint', () => {
  it('S256: the right verifier redeems the code', async () => {
    const { app } = makeStandin();
    const { memberId, code } = await approve(app, { codeChallenge: S256_CHALLENGE, codeChallengeMethod: 'S256' });
    const tokens = await redeem(app, code, REDIRECT_URI, VERIFIER);
    const member = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);
    expect(member.body.project_member_id).toBe(memberId);
  });

  it('plain: the verifier must equal the challenge', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app, { codeChallenge: VERIFIER, codeChallengeMethod: 'plain' });
    await redeem(app, code, REDIRECT_URI, VERIFIER);
  });

  it('a challenge without a method is plain: the challenge itself redeems, its S256 verifier does not', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app, { codeChallenge: S256_CHALLENGE });
    const asS256 = await tokenRequest(app, { code, code_verifier: VERIFIER }).expect(400);
    expect(asS256.body.error).toBe('invalid_grant');
    await redeem(app, code, REDIRECT_URI, S256_CHALLENGE);
  });

  it('a missing verifier is invalid_request, and the code stays redeemable', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app, { codeChallenge: S256_CHALLENGE, codeChallengeMethod: 'S256' });
    const res = await tokenRequest(app, { code }).expect(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: 'Code verifier required.' });
    await redeem(app, code, REDIRECT_URI, VERIFIER);
  });

  it('a wrong or blank verifier is invalid_grant and does not spend the code; the right one then works once', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app, { codeChallenge: S256_CHALLENGE, codeChallengeMethod: 'S256' });
    for (const wrong of ['not-the-verifier-at-all-not-the-verifier-at-all', S256_CHALLENGE, '']) {
      const res = await tokenRequest(app, { code, code_verifier: wrong }).expect(400);
      expect(res.body.error).toBe('invalid_grant');
    }
    await redeem(app, code, REDIRECT_URI, VERIFIER);
    const again = await tokenRequest(app, { code, code_verifier: VERIFIER }).expect(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/already been used/) });
  });

  it('ignores a verifier for a code issued without a challenge', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app);
    await redeem(app, code, REDIRECT_URI, 'anything-at-all');
  });

  it('binds nothing for a blank challenge, which the form drops', async () => {
    const { app } = makeStandin();
    const { code } = await approve(app, { codeChallenge: '', codeChallengeMethod: 'S256' });
    await redeem(app, code);
  });
});
