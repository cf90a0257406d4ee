import { createHmac, timingSafeEqual } from 'node:crypto';
import request from 'supertest';
import { EXCHANGE, TOKEN, basic, linkedMember, makeStandin, startWebhookReceiver } from '../test-helpers';

function expectedSignature(rawBody: string, secret: string): string {
  return `sha1=${createHmac('sha1', secret).update(rawBody).digest('hex')}`;
}

describe('deauthorization (member leaves the project)', () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  afterEach(async () => {
    await receiver?.close();
  });

  it('deletes the tokens and calls the webhook with a correct HMAC-SHA1 signature', async () => {
    receiver = await startWebhookReceiver();
    const { app, clock } = makeStandin({ deauthWebhookUrl: receiver.url, webhookSecret: 'hook-secret' });
    const { memberId, tokens } = await linkedMember(app);

    const res = await request(app).post(`/_standin/members/${memberId}/deauthorize`).send({ erasure_requested: true }).expect(200);
    expect(res.body).toMatchObject({
      project_member_id: memberId,
      erasure_requested: true,
      tokens_deleted: 2,
      webhook: { url: receiver.url, status: 200 },
    });

    expect(receiver.received).toHaveLength(1);
    const [call] = receiver.received;
    expect(call!.headers['content-type']).toMatch(/application\/json/);
    const header = String(call!.headers['x-openhumans-webhooks-signature']);
    const expected = expectedSignature(call!.rawBody, 'hook-secret');
    expect(header).toMatch(/^sha1=[0-9a-f]{40}$/);
    expect(timingSafeEqual(Buffer.from(header), Buffer.from(expected))).toBe(true);
    expect(header).not.toBe(expectedSignature(call!.rawBody, 'other-secret'));
    // Python's json.dumps, and arrow's isoformat of the erasure request's time.
    expect(call!.rawBody).toBe(`{"project_member_id": "${memberId}", "erasure_requested": true, "timestamp": "2025-01-01T00:00:00+00:00"}`);
    expect(new Date(JSON.parse(call!.rawBody).timestamp).getTime()).toBe(clock.ms);

    // Tokens are gone: the API refuses them and the refresh token cannot be used.
    await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(401);
    const refresh = await request(app)
      .post(TOKEN)
      .set('Authorization', basic())
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
      .expect(400);
    expect(refresh.body.error).toBe('invalid_grant');

    const list = await request(app).get('/_standin/members').expect(200);
    expect(list.body.members).toEqual([expect.objectContaining({ project_member_id: memberId, authorized: false, live_access_tokens: 0 })]);

    // Leaving twice is refused, and nothing more is sent.
    await request(app).post(`/_standin/members/${memberId}/deauthorize`).send({ erasure_requested: false }).expect(409);
    expect(receiver.received).toHaveLength(1);
  });

  it('sends no signature header without a secret, and erasure_requested defaults to false', async () => {
    receiver = await startWebhookReceiver();
    const { app } = makeStandin({ deauthWebhookUrl: receiver.url });
    const { memberId } = await linkedMember(app);
    await request(app).post(`/_standin/members/${memberId}/deauthorize`).send({}).expect(200);
    expect(receiver.received[0]!.headers['x-openhumans-webhooks-signature']).toBeUndefined();
    expect(JSON.parse(receiver.received[0]!.rawBody)).toMatchObject({ project_member_id: memberId, erasure_requested: false });
  });

  it("reports the webhook's own status when it refuses", async () => {
    receiver = await startWebhookReceiver(() => 403);
    const { app } = makeStandin({ deauthWebhookUrl: receiver.url, webhookSecret: 's' });
    const { memberId } = await linkedMember(app);
    const res = await request(app).post(`/_standin/members/${memberId}/deauthorize`).send({ erasure_requested: false }).expect(200);
    expect(res.body.webhook).toMatchObject({ status: 403, body: '{"ok":false}' });
  });

  it('502 when the webhook cannot be reached; the tokens are still deleted', async () => {
    receiver = await startWebhookReceiver();
    const url = receiver.url;
    await receiver.close();
    receiver = await startWebhookReceiver(); // a live one for afterEach; the stand-in points at the closed port
    const { app } = makeStandin({ deauthWebhookUrl: url });
    const { memberId, tokens } = await linkedMember(app);
    const res = await request(app).post(`/_standin/members/${memberId}/deauthorize`).send({ erasure_requested: true }).expect(502);
    expect(res.body.error).toMatch(/Webhook delivery failed/);
    await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(401);
  });

  it('without a webhook URL it only deletes the tokens', async () => {
    receiver = await startWebhookReceiver();
    const { app } = makeStandin();
    const { memberId } = await linkedMember(app);
    const res = await request(app).post(`/_standin/members/${memberId}/deauthorize`).send({ erasure_requested: false }).expect(200);
    expect(res.body).toMatchObject({ webhook: null, tokens_deleted: 2 });
    expect(receiver.received).toHaveLength(0);
  });

  it('validates the body and the member', async () => {
    receiver = await startWebhookReceiver();
    const { app } = makeStandin({ deauthWebhookUrl: receiver.url });
    const { memberId } = await linkedMember(app);
    await request(app).post(`/_standin/members/${memberId}/deauthorize`).send({ erasure_requested: 'yes' }).expect(400);
    await request(app).post('/_standin/members/99999999/deauthorize').send({}).expect(404);
    await request(app).post('/_standin/members/__proto__/deauthorize').send({}).expect(404);
    expect(receiver.received).toHaveLength(0);
  });

  it('a member who left can authorize again and gets working tokens', async () => {
    receiver = await startWebhookReceiver();
    const { app } = makeStandin({ deauthWebhookUrl: receiver.url });
    const { memberId } = await linkedMember(app);
    await request(app).post(`/_standin/members/${memberId}/deauthorize`).send({}).expect(200);
    const again = await linkedMember(app, { member: memberId });
    const res = await request(app).get(EXCHANGE).query({ access_token: again.tokens.access_token }).expect(200);
    expect(res.body.project_member_id).toBe(memberId);
  });
});
