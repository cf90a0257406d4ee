import request from 'supertest';
import { linkedMember, makeStandin } from '../test-helpers';

const MESSAGE = '/api/direct-sharing/project/message/';
const MASTER = 'master-token-0123456789abcdef';

describe('project messages', () => {
  it('delivers to each named member with their id in place of {{ PROJECT_MEMBER_ID }}, shown per member', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    const b = await linkedMember(app);
    const c = await linkedMember(app);
    const res = await request(app)
      .post(MESSAGE)
      .query({ access_token: MASTER })
      .send({ subject: 'Next step', message: 'Hello {{ PROJECT_MEMBER_ID }}, id {{PROJECT_MEMBER_ID}}.', project_member_ids: [a.memberId, b.memberId] })
      .expect(200);
    expect(res.body).toBe('success');

    const forA = await request(app).get(`/_standin/members/${a.memberId}/messages`).expect(200);
    expect(forA.body.messages).toEqual([
      expect.objectContaining({ project_member_id: a.memberId, subject: '[Open Humans Project Message] Next step', message: `Hello ${a.memberId}, id ${a.memberId}.` }),
    ]);
    const forC = await request(app).get(`/_standin/members/${c.memberId}/messages`).expect(200);
    expect(forC.body.messages).toEqual([]);
    const all = await request(app).get('/_standin/messages').set('accept', 'application/json').expect(200);
    expect(all.body.messages.map((m: { project_member_id: string }) => m.project_member_id).sort()).toEqual([a.memberId, b.memberId].sort());

    const page = await request(app).get('/_standin/messages').set('accept', 'text/html').expect(200);
    expect(page.text).toContain(`Member ${b.memberId}`);
    expect(page.text).toContain(`Hello ${b.memberId}, id ${b.memberId}.`);
    expect(page.text).not.toContain(`Member ${c.memberId}`);
  });

  it('accepts the form encoding with a comma-separated list and a Bearer master token', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    const b = await linkedMember(app);
    await request(app)
      .post(MESSAGE)
      .set('authorization', `Bearer ${MASTER}`)
      .type('form')
      .send({ message: 'Hi', project_member_ids: `${a.memberId}, ${b.memberId}` })
      .expect(200);
    const forB = await request(app).get(`/_standin/members/${b.memberId}/messages`).expect(200);
    expect(forB.body.messages[0].subject).toBe('[Open Humans Project Message] From "Personality Genetics Study"');
  });

  it('refuses a missing or wrong master token, and any master token when none is configured', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    const body = { message: 'Hi', project_member_ids: [a.memberId] };
    await request(app).post(MESSAGE).send(body).expect(401);
    expect((await request(app).post(MESSAGE).query({ access_token: 'wrong-token-0123456789' }).send(body).expect(401)).body).toEqual({ detail: 'Invalid token.' });
    const { app: unconfigured } = makeStandin();
    const b = await linkedMember(unconfigured);
    await request(unconfigured).post(MESSAGE).query({ access_token: MASTER }).send({ ...body, project_member_ids: [b.memberId] }).expect(401);
    expect((await request(app).get(`/_standin/members/${a.memberId}/messages`)).body.messages).toEqual([]);
  });

  it('sends nothing when a member is not in the project, has left it, or the message is empty', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    const gone = await linkedMember(app);
    await request(app).post(`/_standin/members/${gone.memberId}/deauthorize`).send({}).expect(200);
    const post = (body: object) => request(app).post(MESSAGE).query({ access_token: MASTER }).send(body);

    expect((await post({ message: 'Hi', project_member_ids: [a.memberId, '99999999'] }).expect(400)).body).toEqual({
      errors: { project_member_ids: ['Invalid project member ID(s): 99999999'] },
    });
    expect((await post({ message: 'Hi', project_member_ids: [gone.memberId] }).expect(400)).body.errors.project_member_ids[0]).toContain(gone.memberId);
    expect((await post({ message: 'Hi', project_member_ids: ['123'] }).expect(400)).body.errors.project_member_ids).toEqual(['Project member IDs are always 8 digits long.']);
    expect((await post({ message: '  ', project_member_ids: [a.memberId] }).expect(400)).body.errors.message).toEqual(['This field is required.']);
    expect((await post({ message: 'Hi' }).expect(400)).body.errors.__all__).toEqual(['You must specify either all members or provide a list of IDs.']);
    expect((await request(app).get('/_standin/messages').set('accept', 'application/json')).body.messages).toEqual([]);
  });

  it("lets a member's own token message that member only", async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    const b = await linkedMember(app);
    await request(app).post(MESSAGE).query({ access_token: a.tokens.access_token }).send({ message: 'Just me', project_member_ids: [b.memberId] }).expect(200);
    expect((await request(app).get(`/_standin/members/${a.memberId}/messages`)).body.messages).toHaveLength(1);
    expect((await request(app).get(`/_standin/members/${b.memberId}/messages`)).body.messages).toHaveLength(0);
  });

  it("ignores all_members and the ids a member's own token sends: that member only", async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    const b = await linkedMember(app);
    await request(app).post(MESSAGE).set('Authorization', `Bearer ${a.tokens.access_token}`).send({ message: 'Me', all_members: true }).expect(200);
    expect((await request(app).get(`/_standin/members/${a.memberId}/messages`)).body.messages).toHaveLength(1);
    expect((await request(app).get(`/_standin/members/${b.memberId}/messages`)).body.messages).toHaveLength(0);
  });

  it('sends to nobody when one of many ids has left the project (all or none)', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const members = [await linkedMember(app), await linkedMember(app), await linkedMember(app)];
    await request(app).post(`/_standin/members/${members[1]!.memberId}/deauthorize`).send({}).expect(200);
    const res = await request(app)
      .post(MESSAGE)
      .query({ access_token: MASTER })
      .send({ message: 'Hi', project_member_ids: members.map((m) => m.memberId).join('\n') })
      .expect(400);
    expect(res.body).toEqual({ errors: { project_member_ids: [`Invalid project member ID(s): ${members[1]!.memberId}`] } });
    expect((await request(app).get('/_standin/messages').set('accept', 'application/json')).body.messages).toEqual([]);
  });

  it('checks the form as MessageProjectMembersForm does: field errors in order, then the form-wide one; a repeated id is refused', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    const post = (body: object) => request(app).post(MESSAGE).query({ access_token: MASTER }).send(body);
    const both = (await post({ message: ' ', project_member_ids: ['123'] }).expect(400)).body.errors;
    expect(both).toEqual({ project_member_ids: ['Project member IDs are always 8 digits long.'], message: ['This field is required.'] });
    expect(Object.keys(both)).toEqual(['project_member_ids', 'message']);
    expect(Object.keys((await post({ message: '', project_member_ids: '' }).expect(400)).body.errors)).toEqual(['message', '__all__']);
    expect((await post({ message: 'Hi', project_member_ids: [a.memberId], all_members: 'TRUE' }).expect(400)).body.errors).toEqual({
      __all__: ['You must specify either all members or provide a list of IDs but not both.'],
    });
    // The form reads the raw value: ids that are only spaces still count as given.
    expect((await post({ message: 'Hi', all_members: true, project_member_ids: '  ' }).expect(400)).body.errors.__all__).toEqual([
      'You must specify either all members or provide a list of IDs but not both.',
    ]);
    expect((await post({ message: 'Hi', project_member_ids: [a.memberId, a.memberId] }).expect(400)).body.errors).toEqual({ project_member_ids: ['Invalid project member ID(s): '] });
    expect((await post({ message: 'Hi', project_member_ids: ['1234567812345678'] }).expect(400)).body.errors).toEqual({ project_member_ids: ['Invalid project member ID(s): 1234567812345678'] });
    await post({ message: 'Hi', all_members: 'false' }).expect(400);
  });

  it('strips the subject and the message, as Django form fields do', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    await request(app).post(MESSAGE).query({ access_token: MASTER }).type('form').send({ subject: '  Hello  ', message: '\n Text \n', all_members: 'on' }).expect(200);
    expect((await request(app).get(`/_standin/members/${a.memberId}/messages`)).body.messages[0]).toMatchObject({ subject: '[Open Humans Project Message] Hello', message: 'Text' });
  });
});
