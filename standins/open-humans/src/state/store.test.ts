import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createOpenHumansStandin } from '../app';
import { EXCHANGE, TOKEN, approve, basic, linkedMember, redeem, testConfig } from '../test-helpers';

describe('STATE_FILE persistence', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'oh-standin-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a restarted stand-in keeps members, files, tokens and unused codes', async () => {
    const stateFile = join(dir, 'state.json');
    const before = createOpenHumansStandin(testConfig({ stateFile }));
    const { memberId, tokens } = await linkedMember(before.app, { sources: ['direct-sharing-131'] });
    const pending = await approve(before.app, { member: '11112222' });

    const after = createOpenHumansStandin(testConfig({ stateFile }));
    const res = await request(after.app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);
    expect(res.body).toMatchObject({ project_member_id: memberId, sources_shared: ['direct-sharing-131'] });
    expect(res.body.data.map((f: { basename: string }) => f.basename)).toEqual(['genome.vcf']);

    await request(after.app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'authorization_code', code: pending.code })
      .expect(200);
    const refreshed = await request(after.app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
      .expect(200);

    // File ids keep counting up after a restart.
    const third = createOpenHumansStandin(testConfig({ stateFile }));
    const upload = await request(third.app)
      .post('/api/direct-sharing/project/files/upload/')
      .query({ access_token: refreshed.body.access_token })
      .field('metadata', JSON.stringify({ tags: [], description: 'x' }))
      .attach('data_file', Buffer.from('x'), 'x.txt')
      .expect(201);
    expect(upload.body.id).toBeGreaterThan(res.body.data[0].id);
    // The rotated refresh token stays dead across restarts.
    await request(third.app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
      .expect(400);
  });

  it('without STATE_FILE nothing survives', async () => {
    const first = createOpenHumansStandin(testConfig());
    const { tokens } = await linkedMember(first.app);
    const second = createOpenHumansStandin(testConfig());
    await request(second.app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(401);
  });

  it('keeps the PKCE challenge of a code across a restart', async () => {
    const stateFile = join(dir, 'state.json');
    const before = createOpenHumansStandin(testConfig({ stateFile }));
    const { code } = await approve(before.app, { codeChallenge: 'a-plain-challenge-a-plain-challenge-a-plain-ch' });
    const after = createOpenHumansStandin(testConfig({ stateFile }));
    const missing = await request(after.app).post(TOKEN).set('Authorization', basic()).type('form').send({ grant_type: 'authorization_code', code }).expect(400);
    expect(missing.body.error_description).toBe('Code verifier required.');
    await redeem(after.app, code, undefined, 'a-plain-challenge-a-plain-challenge-a-plain-ch');
  });

  it('loads a state file written before PKCE: its codes redeem without a verifier', async () => {
    const stateFile = join(dir, 'state.json');
    const now = Date.now();
    const member = { projectMemberId: '12345678', username: 'member12345678', created: new Date(now).toISOString(), authorized: true, sourcesShared: [], files: [] };
    const code = { code: 'OldCodeOldCodeOldCodeOldCode12', projectMemberId: '12345678', redirectUri: null, expiresAt: now + 60_000, used: false };
    writeFileSync(stateFile, JSON.stringify({ version: 1, nextFileId: 1001, members: [member], codes: [code], accessTokens: [], refreshTokens: [] }));
    const standin = createOpenHumansStandin(testConfig({ stateFile }));
    await redeem(standin.app, code.code, undefined);
  });

  it('refuses a state file it did not write, saying what to do', () => {
    const stateFile = join(dir, 'state.json');
    writeFileSync(stateFile, '{"hello":1}');
    expect(() => createOpenHumansStandin(testConfig({ stateFile }))).toThrow(/not a state file this stand-in wrote.*move it away/);
  });
});
