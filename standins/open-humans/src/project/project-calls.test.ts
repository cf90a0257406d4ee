import request from 'supertest';
import type { Express } from 'express';
import { EXCHANGE, UPLOAD, linkedMember, makeStandin, startWebhookReceiver, TOKEN, basic } from '../test-helpers';

const MASTER = 'master-token-for-tests-0123';
const DELETE = '/api/direct-sharing/project/files/delete/';
const REMOVE = '/api/direct-sharing/project/remove-members/';
const MEMBERS = '/api/direct-sharing/project/members/';
const PDF = Buffer.from('%PDF-1.4\n% report\n');

function upload(app: Express, token: string, name = 'report.pdf', body = PDF) {
  return request(app)
    .post(UPLOAD)
    .query({ access_token: token })
    .field('metadata', JSON.stringify({ tags: ['report'], description: 'A report' }))
    .attach('data_file', body, { filename: name, contentType: 'application/pdf' });
}

describe('files delete', () => {
  it('deletes the project uploads of that name for the member behind the token, and nothing else', async () => {
    const { app } = makeStandin();
    const { memberId, tokens } = await linkedMember(app, { sources: ['direct-sharing-128'] });
    const first = (await upload(app, tokens.access_token).expect(201)).body.id as number;
    const other = (await upload(app, tokens.access_token, 'other.pdf').expect(201)).body.id as number;
    const someoneElse = await linkedMember(app);
    await upload(app, someoneElse.tokens.access_token).expect(201);

    const res = await request(app).post(DELETE).query({ access_token: tokens.access_token }).type('form').send({ file_basename: 'report.pdf' }).expect(200);
    expect(res.body).toEqual({ ids: [first] });
    const files = (await request(app).get(`/_standin/members/${memberId}/files`).expect(200)).body.files as Array<{ id: number; source: string }>;
    expect(files.map((f) => f.id)).toContain(other);
    expect(files.map((f) => f.id)).not.toContain(first);
    // The genotype file from the member's own source stays, whatever is asked.
    await request(app).post(DELETE).query({ access_token: tokens.access_token }).send({ all_files: true }).expect(200);
    const left = (await request(app).get(`/_standin/members/${memberId}/files`).expect(200)).body.files as Array<{ source: string }>;
    expect(left.map((f) => f.source)).toEqual(['direct-sharing-128']);
    // The other member keeps theirs.
    const theirs = (await request(app).get(`/_standin/members/${someoneElse.memberId}/files`).expect(200)).body.files as Array<{ basename: string }>;
    expect(theirs.map((f) => f.basename)).toContain('report.pdf');
  });

  it('answers 200 with no ids when nothing matches, 400 without exactly one selector, 401 without a live token', async () => {
    const { app } = makeStandin();
    const { tokens } = await linkedMember(app);
    expect((await request(app).post(DELETE).query({ access_token: tokens.access_token }).send({ file_basename: 'none.pdf' }).expect(200)).body).toEqual({ ids: [] });
    expect((await request(app).post(DELETE).query({ access_token: tokens.access_token }).send({}).expect(400)).body).toHaveProperty('missing_field');
    expect((await request(app).post(DELETE).query({ access_token: tokens.access_token }).send({ file_id: 1, file_basename: 'x' }).expect(400)).body).toHaveProperty('too_many');
    await request(app).post(DELETE).query({ access_token: 'nope' }).send({ file_basename: 'x' }).expect(401);
  });
});

describe('remove-members (master access token)', () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('removes the member from the project: tokens end, the project list no longer has them, the deauthorization webhook is sent before the answer', async () => {
    receiver = await startWebhookReceiver(() => 200, 150);
    const { app } = makeStandin({ masterAccessToken: MASTER, deauthWebhookUrl: receiver.url, webhookSecret: 'hook-secret' });
    const leaving = await linkedMember(app);
    const staying = await linkedMember(app);
    const listed = async () => ((await request(app).get(MEMBERS).query({ access_token: MASTER }).expect(200)).body.results as Array<{ project_member_id: string }>).map((m) => m.project_member_id);
    expect((await listed()).sort()).toEqual([leaving.memberId, staying.memberId].sort());

    const res = await request(app).post(REMOVE).query({ access_token: MASTER }).send({ project_member_ids: [leaving.memberId] }).expect(200);
    const answeredAt = Date.now();
    expect(res.body).toBe('success');
    // The platform waited for the project's answer before answering itself.
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.answeredAt).toBeGreaterThan(0);
    expect(receiver.received[0]!.answeredAt).toBeLessThanOrEqual(answeredAt);
    expect(JSON.parse(receiver.received[0]!.rawBody)).toMatchObject({ project_member_id: leaving.memberId, erasure_requested: false });
    expect(receiver.received[0]!.headers['x-openhumans-webhooks-signature']).toMatch(/^sha1=[0-9a-f]{40}$/);

    expect(await listed()).toEqual([staying.memberId]);
    await request(app).get(EXCHANGE).query({ access_token: leaving.tokens.access_token }).expect(401);
    await request(app).post(TOKEN).set('Authorization', basic()).type('form').send({ grant_type: 'refresh_token', refresh_token: leaving.tokens.refresh_token }).expect(400);
    await request(app).get(EXCHANGE).query({ access_token: staying.tokens.access_token }).expect(200);
    const page = await request(app).get(`/_standin/members/${leaving.memberId}`).expect(200);
    expect(page.text).toContain('Not in the project');
  });

  it('lets a member token remove only its own member, whatever ids it names', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const self = await linkedMember(app);
    const other = await linkedMember(app);
    await request(app).post(REMOVE).query({ access_token: self.tokens.access_token }).send({ project_member_ids: [other.memberId] }).expect(200);
    await request(app).get(EXCHANGE).query({ access_token: self.tokens.access_token }).expect(401);
    await request(app).get(EXCHANGE).query({ access_token: other.tokens.access_token }).expect(200);
  });

  it('refuses a wrong master token, no ids and ids not in the project, removing nobody', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const member = await linkedMember(app);
    await request(app).post(REMOVE).set('Authorization', `Bearer ${MASTER}x`).send({ project_member_ids: [member.memberId] }).expect(401);
    expect((await request(app).post(REMOVE).query({ access_token: MASTER }).send({}).expect(400)).body).toEqual({ errors: { __all__: ['You must provide a list of project member IDs.'] } });
    const res = await request(app).post(REMOVE).query({ access_token: MASTER }).send({ project_member_ids: [member.memberId, '12345678'] }).expect(400);
    expect(res.body).toEqual({ errors: { project_member_ids: ['Invalid project member ID(s): 12345678'] } });
    await request(app).get(EXCHANGE).query({ access_token: member.tokens.access_token }).expect(200);
  });

  it('refuses every master-token call when no master token is configured', async () => {
    const { app } = makeStandin();
    await request(app).get(MEMBERS).query({ access_token: 'anything-at-all-123' }).expect(401);
  });
});

describe('the failure switch', () => {
  it('makes the next n file calls answer 503, counts them, then lets calls through again', async () => {
    const { app } = makeStandin();
    const { memberId, tokens } = await linkedMember(app);
    await request(app).post('/_standin/failures').send({ target: 'files', count: 2 }).expect(200);
    await upload(app, tokens.access_token).expect(503);
    await request(app).post(DELETE).query({ access_token: tokens.access_token }).send({ file_basename: 'report.pdf' }).expect(503);
    await upload(app, tokens.access_token).expect(201);
    const view = (await request(app).get('/_standin/failures').expect(200)).body;
    expect(view.files).toEqual({ remaining: 0, status: null, failed: 2 });
    const files = (await request(app).get(`/_standin/members/${memberId}/files`).expect(200)).body.files as Array<{ basename: string; uploaded_by_project: boolean; byte_length: number }>;
    expect(files.filter((f) => f.uploaded_by_project)).toEqual([expect.objectContaining({ basename: 'report.pdf', byte_length: PDF.length })]);
  });

  it("'upload' makes only uploads fail: deletions go through", async () => {
    const { app } = makeStandin();
    const { tokens } = await linkedMember(app);
    await request(app).post('/_standin/failures').send({ target: 'upload', count: 1 }).expect(200);
    await request(app).post(DELETE).query({ access_token: tokens.access_token }).send({ file_basename: 'report.pdf' }).expect(200);
    await upload(app, tokens.access_token).expect(503);
    await upload(app, tokens.access_token).expect(201);
    const view = (await request(app).get('/_standin/failures').expect(200)).body;
    expect(view.upload).toEqual({ remaining: 0, status: null, failed: 1 });
    expect(view.files.failed).toBe(0);
  });

  it('refuses an unknown target', async () => {
    const { app } = makeStandin();
    await request(app).post('/_standin/failures').send({ target: 'everything', count: 1 }).expect(400);
  });
});
