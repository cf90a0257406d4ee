import request from 'supertest';
import { EXCHANGE, linkedMember, makeStandin } from '../test-helpers';

describe('test controls', () => {
  it('lists members with their files and live tokens', async () => {
    const { app } = makeStandin();
    const a = await linkedMember(app, { sources: ['direct-sharing-129'] });
    const b = await linkedMember(app, { sources: [] });
    const res = await request(app).get('/_standin/members').expect(200);
    expect(res.body.members).toHaveLength(2);
    const byId = Object.fromEntries(res.body.members.map((m: { project_member_id: string }) => [m.project_member_id, m]));
    expect(byId[a.memberId]).toMatchObject({ authorized: true, sources_shared: ['direct-sharing-129'], live_access_tokens: 1 });
    expect(byId[a.memberId].files.map((f: { basename: string }) => f.basename)).toEqual(['AncestryDNA.txt']);
    expect(byId[b.memberId]).toMatchObject({ sources_shared: [], files: [] });
  });

  it('sets the files of a member, with defaults taken from the source', async () => {
    const { app } = makeStandin();
    const { memberId, tokens } = await linkedMember(app, { sources: ['direct-sharing-128', 'direct-sharing-55'] });
    const set = await request(app)
      .post(`/_standin/members/${memberId}/files`)
      .send({ files: [{ source: 'direct-sharing-55' }, { source: 'direct-sharing-128', basename: 'mine.txt', content: 'rs1\t1\t100\tAA\n' }] })
      .expect(200);
    expect(set.body.files.map((f: { basename: string }) => f.basename)).toEqual(['opensnp_genotype.txt', 'mine.txt']);
    const res = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);
    const mine = res.body.data.find((f: { basename: string }) => f.basename === 'mine.txt');
    const url = new URL(mine.download_url);
    expect((await request(app).get(`${url.pathname}${url.search}`).expect(200)).text).toBe('rs1\t1\t100\tAA\n');
  });

  it('validates the files body and the member id', async () => {
    const { app } = makeStandin();
    const { memberId } = await linkedMember(app);
    const bad = await request(app).post(`/_standin/members/${memberId}/files`).send({ files: [{ source: '23andMe' }] }).expect(400);
    expect(bad.body.issues.join(' ')).toMatch(/files\.0\.source/);
    await request(app).post(`/_standin/members/${memberId}/files`).send({}).expect(400);
    await request(app).post('/_standin/members/00000000/files').send({ files: [] }).expect(404);
    await request(app).post(`/_standin/members/${memberId}/files`).set('content-type', 'application/json').send('{oops').expect(400);
  });

  it('answers unknown paths with a JSON 404 and has a health check', async () => {
    const { app } = makeStandin();
    expect((await request(app).get('/nope').expect(404)).body).toEqual({ detail: 'Not found.' });
    expect((await request(app).get('/healthz').expect(200)).body).toEqual({ status: 'ok', service: 'standin-open-humans' });
  });
});
