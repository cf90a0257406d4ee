import request from 'supertest';
import { EXCHANGE, UPLOAD, linkedMember, makeStandin } from '../test-helpers';

const MASTER = 'master-token-for-tests-0123';
const MEMBERS = '/api/direct-sharing/project/members/';
const DELETE = '/api/direct-sharing/project/files/delete/';

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('the project member list (ProjectMemberDataView)', () => {
  it('pages the active members by limit/offset with the PAGE_SIZE setting, links with sorted query parameters', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER, pageSize: 2 });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await linkedMember(app)).memberId);
    const gone = await linkedMember(app);
    await request(app).post(`/_standin/members/${gone.memberId}/deauthorize`).send({}).expect(200);

    const first = (await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(200)).body;
    expect(first.count).toBe(5);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`http://oh.test${MEMBERS}?access_token=${MASTER}&limit=2&offset=2`);
    expect(first.results.map((m: { project_member_id: string }) => m.project_member_id)).toEqual(ids.slice(0, 2));

    const second = (await request(app).get(pathOf(first.next)).expect(200)).body;
    expect(second.previous).toBe(`http://oh.test${MEMBERS}?access_token=${MASTER}&limit=2`);
    const last = (await request(app).get(pathOf(second.next)).expect(200)).body;
    expect(last.next).toBeNull();
    expect(last.previous).toBe(`http://oh.test${MEMBERS}?access_token=${MASTER}&limit=2&offset=2`);
    expect(last.results.map((m: { project_member_id: string }) => m.project_member_id)).toEqual(ids.slice(4));
  });

  it('takes any positive limit (no upper bound), falls back to PAGE_SIZE for 0 or junk, and is empty past the end', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER, pageSize: 1 });
    for (let i = 0; i < 3; i++) await linkedMember(app);
    const get = async (query: Record<string, string>) => (await request(app).get(MEMBERS).query({ access_token: MASTER, ...query }).expect(200)).body;
    expect((await get({ limit: '500' })).results).toHaveLength(3);
    expect((await get({ limit: '0' })).results).toHaveLength(1);
    expect((await get({ limit: 'many' })).results).toHaveLength(1);
    expect(await get({ offset: '7' })).toMatchObject({ count: 3, next: null, results: [] });
  });

  it('shows each member as ProjectMemberDataSerializer does, with a link to exchange-member that works with the master token', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const { memberId } = await linkedMember(app, { sources: ['direct-sharing-128', 'direct-sharing-138'] });
    const [member] = (await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(200)).body.results;
    expect(member).toEqual({
      created: expect.any(String),
      project_member_id: memberId,
      file_count: 2,
      exchange_member: `http://oh.test${EXCHANGE}?project_member_id=${memberId}&access_token=${MASTER}`,
      sources_shared: ['direct-sharing-128', 'direct-sharing-138'],
      username: `member${memberId}`,
      data: [expect.objectContaining({ source: 'direct-sharing-128' }), expect.objectContaining({ source: 'direct-sharing-138' })],
    });
    const exchanged = (await request(app).get(pathOf(member.exchange_member)).expect(200)).body;
    expect(exchanged.project_member_id).toBe(memberId);
  });

  it('needs the token in the query: with a Bearer header only, the platform fails serializing any member', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const empty = await request(app).get(MEMBERS).set('Authorization', `Bearer ${MASTER}`).expect(200);
    expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    await linkedMember(app);
    const res = await request(app).get(MEMBERS).set('Authorization', `Bearer ${MASTER}`).expect(500);
    expect(res.text).toContain('Server error');
  });
});

describe('member calls with the master token (ProjectMemberExchangeView, ProjectFormBaseView)', () => {
  it('exchange-member: the member named by project_member_id, also one who left; 400 for an unknown one; the 500 page without one', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    await request(app).post(`/_standin/members/${a.memberId}/deauthorize`).send({}).expect(200);
    expect((await request(app).get(EXCHANGE).query({ access_token: MASTER, project_member_id: a.memberId }).expect(200)).body.project_member_id).toBe(a.memberId);
    expect((await request(app).get(EXCHANGE).query({ access_token: MASTER, project_member_id: '99999999' }).expect(400)).body).toEqual({ project_member_id: 'project_member_id is invalid' });
    await request(app).get(EXCHANGE).query({ access_token: MASTER }).expect(500);
  });

  it('upload and delete: project_member_id is required and must name a member in the project', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    const upload = (fields: Record<string, string>) => {
      const req = request(app).post(UPLOAD).query({ access_token: MASTER }).field('metadata', JSON.stringify({ tags: [], description: 'A report' }));
      for (const [k, v] of Object.entries(fields)) req.field(k, v);
      return req.attach('data_file', Buffer.from('report'), { filename: 'report.txt', contentType: 'text/plain' });
    };
    expect((await upload({}).expect(400)).body).toEqual({ project_member_id: ['This field is required.'] });
    expect((await upload({ project_member_id: '99999999' }).expect(400)).body).toEqual({ project_member_id: 'project_member_id is invalid' });
    const { id } = (await upload({ project_member_id: a.memberId }).expect(201)).body;

    expect((await request(app).post(DELETE).query({ access_token: MASTER }).send({ file_id: id }).expect(400)).body).toEqual({ project_member_id: ['This field is required.'] });
    expect((await request(app).post(DELETE).query({ access_token: MASTER }).send({ project_member_id: a.memberId, file_id: id }).expect(200)).body).toEqual({ ids: [id] });
    // A member's own token names its own member, whatever the form says.
    const b = await linkedMember(app);
    await request(app).post(UPLOAD).query({ access_token: b.tokens.access_token }).field('project_member_id', a.memberId).field('metadata', '{"tags": [], "description": "x"}').attach('data_file', Buffer.from('x'), 'x.txt').expect(201);
    const bFiles = (await request(app).get(`/_standin/members/${b.memberId}/files`).expect(200)).body.files as Array<{ basename: string }>;
    expect(bFiles.map((f) => f.basename)).toContain('x.txt');
  });
});
