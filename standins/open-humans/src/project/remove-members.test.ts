import { createHmac } from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import { EXCHANGE, linkedMember, makeStandin, startWebhookReceiver, unreachableUrl } from '../test-helpers';

const MASTER = 'master-token-for-tests-0123';
const REMOVE = '/api/direct-sharing/project/remove-members/';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const inProject = async (app: Express, memberId: string) => (await request(app).get(`/_standin/members/${memberId}/files`).expect(200)).body.in_project as boolean;
const remove = (app: Express, body: object | string) => request(app).post(REMOVE).query({ access_token: MASTER }).send(body);

describe('remove-members: project member ids as BaseProjectMembersForm checks them', () => {
  it('splits a string on spaces, commas and newlines', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const [a, b, c] = [await linkedMember(app), await linkedMember(app), await linkedMember(app)];
    await remove(app, { project_member_ids: ` ${a.memberId},${b.memberId}\r\n${c.memberId} ,` }).expect(200);
    for (const m of [a, b, c]) expect(await inProject(app, m.memberId)).toBe(false);
  });

  it('refuses ids of the wrong length, ids not active in the project, and a repeated id; nobody is removed', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    const gone = await linkedMember(app);
    await request(app).post(`/_standin/members/${gone.memberId}/deauthorize`).send({}).expect(200);
    const errorsOf = async (ids: unknown) => (await remove(app, { project_member_ids: ids }).expect(400)).body.errors;

    expect(await errorsOf([a.memberId, '1234567'])).toEqual({ project_member_ids: ['Project member IDs are always 8 digits long.'] });
    // 16 characters pass the length check, then are not found like any other unknown id.
    expect(await errorsOf([a.memberId, gone.memberId, '1234567812345678', 'abcdefgh'])).toEqual({
      project_member_ids: [`Invalid project member ID(s): ${gone.memberId}, 1234567812345678, abcdefgh`],
    });
    // The platform compares counts: a repeated id is refused, naming nobody.
    expect(await errorsOf([a.memberId, a.memberId])).toEqual({ project_member_ids: ['Invalid project member ID(s): '] });
    expect(await errorsOf('')).toEqual({ __all__: ['You must provide a list of project member IDs.'] });
    expect(await errorsOf([])).toEqual({ __all__: ['You must provide a list of project member IDs.'] });
    expect(await inProject(app, a.memberId)).toBe(true);
  });

  it('answers a member who already left with 400', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    await remove(app, { project_member_ids: [a.memberId] }).expect(200);
    expect((await remove(app, { project_member_ids: [a.memberId] }).expect(400)).body).toEqual({ errors: { project_member_ids: [`Invalid project member ID(s): ${a.memberId}`] } });
  });

  it('reads a form field by its last value, as Django does', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const [a, b] = [await linkedMember(app), await linkedMember(app)];
    await request(app).post(REMOVE).query({ access_token: MASTER }).type('form').send(`project_member_ids=${a.memberId}&project_member_ids=${b.memberId}`).expect(200);
    expect(await inProject(app, a.memberId)).toBe(true);
    expect(await inProject(app, b.memberId)).toBe(false);
  });

  it('answers the platform 500 page for JSON ids it cannot join (numbers, null)', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER });
    const a = await linkedMember(app);
    for (const ids of [[Number(a.memberId)], null, Number(a.memberId)]) {
      const res = await remove(app, { project_member_ids: ids }).expect(500);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('Sorry, your request resulted in a server error.');
    }
    expect(await inProject(app, a.memberId)).toBe(true);
  });
});

describe('remove-members: leave_project and the deauthorization webhook', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('without the timestamp bug: one signed notice per member, in the platform format and with its headers', async () => {
    receiver = await startWebhookReceiver();
    const { app, clock } = makeStandin({ masterAccessToken: MASTER, deauthWebhookUrl: receiver.url, webhookSecret: 'hook-secret' });
    clock.ms += 250;
    const [a, b] = [await linkedMember(app), await linkedMember(app)];
    await remove(app, { project_member_ids: [a.memberId, b.memberId] }).expect(200);
    expect(receiver.received.map((r) => r.rawBody)).toEqual(
      [a, b].map((m) => `{"project_member_id": "${m.memberId}", "erasure_requested": false, "timestamp": "2025-01-01T00:00:00.250000+00:00"}`),
    );
    const [first] = receiver.received;
    expect(first!.headers['x-openhumans-webhooks-signature']).toBe(`sha1=${createHmac('sha1', 'hook-secret').update(first!.rawBody).digest('hex')}`);
    expect(first!.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'python-requests/2.32.3', accept: '*/*' });
  });

  it('with the timestamp bug (DEAUTH_TIMESTAMP_BUG): no notice, a 500 page, and the member removed all the same', async () => {
    receiver = await startWebhookReceiver();
    const { app } = makeStandin({ masterAccessToken: MASTER, deauthWebhookUrl: receiver.url, deauthTimestampBug: true });
    const [a, b] = [await linkedMember(app), await linkedMember(app)];
    const res = await remove(app, { project_member_ids: [a.memberId, b.memberId] }).expect(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<title>Server error - Open Humans</title>');
    expect(receiver.received).toHaveLength(0);
    // The first member left before the platform failed; the loop stopped there.
    expect(await inProject(app, a.memberId)).toBe(false);
    await request(app).get(EXCHANGE).query({ access_token: a.tokens.access_token }).expect(401);
    expect(await inProject(app, b.memberId)).toBe(true);
  });

  it('switches the bug on and off by the test control; a leave with erasure is not affected', async () => {
    receiver = await startWebhookReceiver();
    const { app } = makeStandin({ masterAccessToken: MASTER, deauthWebhookUrl: receiver.url });
    expect((await request(app).post('/_standin/webhooks/timestamp-bug').send({ enabled: true }).expect(200)).body).toEqual({ timestamp_bug: true });
    const [a, b, c] = [await linkedMember(app), await linkedMember(app), await linkedMember(app)];
    const left = await request(app).post(`/_standin/members/${a.memberId}/deauthorize`).send({ erasure_requested: false }).expect(500);
    expect(left.body).toMatchObject({ project_member_id: a.memberId, tokens_deleted: 2, webhook: null, error: expect.stringContaining('Cannot parse argument of type None.') });
    await request(app).post(`/_standin/members/${b.memberId}/deauthorize`).send({ erasure_requested: true }).expect(200);
    expect(receiver.received.map((r) => JSON.parse(r.rawBody).project_member_id)).toEqual([b.memberId]);

    await request(app).post('/_standin/webhooks/timestamp-bug').send({ enabled: false }).expect(200);
    await remove(app, { project_member_ids: [c.memberId] }).expect(200);
    expect(receiver.received).toHaveLength(2);
    expect((await request(app).get('/_standin/webhooks').expect(200)).body.timestamp_bug).toBe(false);
    await request(app).post('/_standin/webhooks/timestamp-bug').send({ enabled: 'yes' }).expect(400);
  });

  it('answers the 500 page, after removing the member, when the webhook cannot be reached', async () => {
    const { app } = makeStandin({ masterAccessToken: MASTER, deauthWebhookUrl: await unreachableUrl() });
    const a = await linkedMember(app);
    await remove(app, { project_member_ids: [a.memberId] }).expect(500);
    expect(await inProject(app, a.memberId)).toBe(false);
    const [attempt] = (await request(app).get('/_standin/webhooks').expect(200)).body.attempts;
    expect(attempt).toMatchObject({ attempt: 1, project_member_id: a.memberId, status: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('after a non-2xx answer posts once more: the notice encoded again as a JSON string, unsigned; both attempts are recorded', async () => {
    receiver = await startWebhookReceiver((n) => (n === 0 ? 401 : 400));
    const { app } = makeStandin({ masterAccessToken: MASTER, deauthWebhookUrl: receiver.url, webhookSecret: 'hook-secret' });
    const a = await linkedMember(app);
    // The platform does not look at the second answer: the removal succeeds.
    await remove(app, { project_member_ids: [a.memberId] }).expect(200);
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second!.rawBody).toBe(JSON.stringify(first!.rawBody));
    expect(JSON.parse(JSON.parse(second!.rawBody))).toEqual(JSON.parse(first!.rawBody));
    expect(second!.headers['content-type']).toBe('application/json');
    expect(second!.headers['x-openhumans-webhooks-signature']).toBeUndefined();
    expect(first!.headers['x-openhumans-webhooks-signature']).toBeDefined();

    const { attempts } = (await request(app).get('/_standin/webhooks').expect(200)).body;
    expect(attempts).toEqual([
      expect.objectContaining({ attempt: 1, project_member_id: a.memberId, url: receiver.url, body: first!.rawBody, status: 401, response_body: '{"ok":false}', error: null }),
      expect.objectContaining({ attempt: 2, project_member_id: a.memberId, body: second!.rawBody, status: 400 }),
    ]);
    expect(attempts[1].headers['X-OpenHumans-Webhooks-Signature']).toBeUndefined();
  });

  it('sends no second call after a 2xx answer', async () => {
    receiver = await startWebhookReceiver(() => 204);
    const { app } = makeStandin({ masterAccessToken: MASTER, deauthWebhookUrl: receiver.url });
    const a = await linkedMember(app);
    await remove(app, { project_member_ids: [a.memberId] }).expect(200);
    expect(receiver.received).toHaveLength(1);
  });
});
