import type { UpdateResult } from 'mongodb';
import request from 'supertest';
import {
  errorBodySchema,
  OPEN_HUMANS_SIGNATURE_HEADER,
  reminderPreviewSchema,
  reminderSendResponseSchema,
  TYPEFINDER_SIGNATURE_HEADER,
  type ReminderStep,
} from '@study/contracts';
import { hmacSignature } from '@study/service-kit';
import { memoryLogger, serviceTestEnv, writeAsService } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadStandinConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { start, type RunningParticipants } from './app';
import { participantsTestConfig } from './test-support/participants-test-config';
import { PARTICIPANTS_COLLECTION, type ParticipantDocument } from './data-access/participants-repository';
import { REMINDER_CLAIMS_COLLECTION, REMINDER_SENDS_COLLECTION, type ReminderSendDocument } from './data-access/reminders-repository';
import { consentThroughStudy } from './test-support/consent-agreement';

const CLIENT_ID = 'study-client';
const CLIENT_SECRET = 'study-secret-123';
const REDIRECT_URI = 'http://127.0.0.1:8080/return';
const MASTER_TOKEN = 'project-master-token-for-tests';
const ADMIN_KEY = '319409a79ed773b947d0b9823919ca5401ca3d5038d8f8b09d7ab03844128dcc';
const TYPEFINDER_SECRET = 'typefinder-secret-for-tests';
const STUDY_EMAIL_HOST = 'study.example.org';
const OH_WEBHOOK_SECRET = 'oh-webhook-secret-for-tests';
const INTERVAL_SECONDS = 2;
const DAY_MS = 86_400_000;

type Doc = ParticipantDocument & { awaitingStep?: ReminderStep | null; awaitingSince?: Date | null };
interface Received {
  project_member_id: string;
  subject: string;
  message: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Reminders (svc-participants against the real FerretDB and Redis, and the Open Humans stand-in)', () => {
  const testEnv = serviceTestEnv('participants-reminders');
  const { logger, lines } = memoryLogger('debug', 'svc-participants');
  let standin: OpenHumansStandin;
  let ohUrl: string;
  let svc: RunningParticipants;

  beforeAll(async () => {
    standin = createOpenHumansStandin(loadStandinConfig({ PORT: '0', CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, MASTER_ACCESS_TOKEN: MASTER_TOKEN }));
    ohUrl = (await standin.start()).url;
    const config = participantsTestConfig(testEnv.env, {
      OH_BASE_URL: ohUrl,
      OH_CLIENT_ID: CLIENT_ID,
      OH_CLIENT_SECRET: CLIENT_SECRET,
      OH_REDIRECT_URI: REDIRECT_URI,
      OH_MASTER_ACCESS_TOKEN: MASTER_TOKEN,
      OH_WEBHOOK_SECRET,
      STUDY_EMAIL_HOST,
      ADMIN_MASTER_KEY: ADMIN_KEY,
      TYPEFINDER_WEBHOOK_SECRET: TYPEFINDER_SECRET,
      ADMIN_CALLS_LIMIT: '1000',
      REMINDER_SEND_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
      REMINDER_MAX_MEMBERS: '2',
    });
    svc = await start(config, { logger });
  });

  afterAll(async () => {
    await svc?.stop();
    await standin?.stop();
    await testEnv.cleanup();
  });

  const participants = () => svc.ctx.db.collection<Doc>(PARTICIPANTS_COLLECTION);
  const docOf = async (pgId: string) => (await participants().findOne({ _id: pgId }))!;

  async function consent(member?: string) {
    return consentThroughStudy(svc.url, member ? { member } : {});
  }

  /** The TypeFinder result arrives from the provider (signed) and the participant claims it. */
  async function completeTypeFinder(pgId: string) {
    const body = JSON.stringify({ email: `${pgId}@${STUDY_EMAIL_HOST}`, typeCode: 'INTJ' });
    await request(svc.url)
      .post('/api/typefinder/results')
      .set('content-type', 'application/json')
      .set(TYPEFINDER_SIGNATURE_HEADER, hmacSignature('sha256', body, TYPEFINDER_SECRET))
      .send(body)
      .expect(200);
    await request(svc.url).post('/api/user/tfresult').send({ pgId }).expect(200);
  }

  /**
   * Moves a participant's consent (and their TypeFinder, when done) back in time, as if they had
   * stopped at their step `days` ago, with the step's time the service keeps for it. Written as
   * the service writes, so none of its own writes of the document can undo it.
   */
  async function waitedFor(pgId: string, days: number, typeFinderDone = false) {
    const at = new Date(Date.now() - days * DAY_MS);
    const result = await writeAsService<UpdateResult, Doc>(svc.ctx, PARTICIPANTS_COLLECTION, pgId, (collection) =>
      collection.updateOne({ _id: pgId }, { $set: { consentedAt: at, awaitingSince: at, ...(typeFinderDone ? { 'surveys.typeFinder.completedAt': at } : {}) } }),
    );
    expect(result.matchedCount).toBe(1);
  }

  async function received(memberId: string): Promise<Received[]> {
    const res = await fetch(`${ohUrl}/_standin/members/${memberId}/messages`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { messages: Received[] }).messages;
  }

  const admin = (path: string, body: unknown, key: string | null = ADMIN_KEY) => {
    const req = request(svc.url).post(path);
    if (key !== null) req.set('X-Master-Key', key);
    return req.send(body as object);
  };
  const preview = (step: ReminderStep, days: number) => admin('/api/admin/reminders/preview', { step, days });
  const send = (step: ReminderStep, days: number, subject = 'Your next step', message = 'Hello {{ PROJECT_MEMBER_ID }}, the study waits for you.') =>
    admin('/api/admin/reminders/send', { step, days, subject, message });
  /** Sends once the gate has opened again; answers the send's status and body. */
  async function sendWhenOpen(step: ReminderStep, days: number, status: number) {
    for (;;) {
      const res = await send(step, days);
      if (res.status !== 429) {
        expect({ status: res.status, body: res.body as unknown }).toEqual({ status, body: expect.anything() });
        return res;
      }
      await sleep(Number(res.headers['retry-after']) * 1000);
    }
  }

  let p1: { memberId: string; pgId: string };
  let p2: typeof p1;
  let p3: typeof p1;
  let p4: typeof p1;
  let p5: typeof p1;

  it('keeps the step each participant waits at, in the same writes as their consent and surveys', async () => {
    [p1, p2, p3, p4, p5] = [await consent(), await consent(), await consent(), await consent(), await consent()];
    const d1 = await docOf(p1.pgId);
    expect(d1.awaitingStep).toBe('typeFinder');
    expect(d1.awaitingSince?.getTime()).toBe(d1.consentedAt?.getTime());

    await completeTypeFinder(p4.pgId);
    const d4 = await docOf(p4.pgId);
    expect(d4.awaitingStep).toBe('nardi');
    expect(d4.awaitingSince?.getTime()).toBe(new Date(d4.surveys.typeFinder!.completedAt!).getTime());
    // The lookup is served by an index on the step and the time.
    const indexes = await participants().indexes();
    expect(indexes.map((index) => index.key)).toContainEqual({ awaitingStep: 1, awaitingSince: 1 });
  });

  it('previews who has waited at the step that long: how many, and whom one send reaches (the longest waiting first)', async () => {
    await waitedFor(p1.pgId, 10);
    await waitedFor(p2.pgId, 9);
    await waitedFor(p3.pgId, 8);
    await waitedFor(p4.pgId, 10, true); // at Nardi
    await waitedFor(p5.pgId, 3); // at TypeFinder, but not for a week yet

    const answer = reminderPreviewSchema.parse((await preview('typeFinder', 7).expect(200)).body);
    expect(answer).toMatchObject({ step: 'typeFinder', days: 7, count: 3, alreadyReminded: 0, maxPerSend: 2 });
    expect(answer.recipients.map((r) => r.pgId)).toEqual([p1.pgId, p2.pgId]);
    expect(answer.recipients.map((r) => r.memberId)).toEqual([p1.memberId, p2.memberId]);
    const atNardi = reminderPreviewSchema.parse((await preview('nardi', 7).expect(200)).body);
    expect(atNardi.recipients.map((r) => r.pgId)).toEqual([p4.pgId]);
    expect(reminderPreviewSchema.parse((await preview('typeFinder', 2).expect(200)).body).count).toBe(4);
  });

  it('sends one Open Humans message to exactly those members, once; a second send at once is refused with 429', async () => {
    const res = await send('typeFinder', 7).expect(200);
    const answer = reminderSendResponseSchema.parse(res.body);
    expect(answer.recipients.map((r) => r.pgId)).toEqual([p1.pgId, p2.pgId]);
    expect(answer.remaining).toBe(1);

    for (const p of [p1, p2]) {
      expect(await received(p.memberId)).toEqual([
        expect.objectContaining({ subject: '[Open Humans Project Message] Your next step', message: `Hello ${p.memberId}, the study waits for you.` }),
      ]);
    }
    for (const p of [p3, p4, p5]) expect(await received(p.memberId)).toEqual([]);

    const tooSoon = await send('typeFinder', 7).expect(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(INTERVAL_SECONDS);
    expect(errorBodySchema.parse(tooSoon.body)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(tooSoon.body.error).toMatch(/try again in \d+ seconds?/);
    expect(await received(p3.memberId)).toEqual([]);

    const sends = await svc.ctx.db.collection<ReminderSendDocument>(REMINDER_SENDS_COLLECTION).find({}).toArray();
    expect(sends).toEqual([expect.objectContaining({ _id: answer.sendId, step: 'typeFinder', days: 7, status: 'delivered', memberCount: 2, pgIds: [p1.pgId, p2.pgId] })]);
  });

  it('reaches the rest with the next send and nobody twice; then there is nobody left to send to', async () => {
    const next = reminderSendResponseSchema.parse((await sendWhenOpen('typeFinder', 7, 200)).body);
    expect(next.recipients.map((r) => r.pgId)).toEqual([p3.pgId]);
    expect(next.remaining).toBe(0);
    for (const p of [p1, p2, p3]) expect(await received(p.memberId)).toHaveLength(1);

    const none = (await sendWhenOpen('typeFinder', 7, 400));
    expect(errorBodySchema.parse(none.body)).toMatchObject({ code: 'REMINDER_NO_MEMBERS' });
    expect(none.body.error).toMatch(/^days: /);
    expect(none.body.error).toContain('3 waiting as long were reminded for this step already');
    expect(reminderPreviewSchema.parse((await preview('typeFinder', 7).expect(200)).body)).toMatchObject({ count: 0, alreadyReminded: 3, recipients: [] });

    // Another step is its own: the participant at Nardi is reached once.
    const nardi = reminderSendResponseSchema.parse((await sendWhenOpen('nardi', 7, 200)).body);
    expect(nardi.recipients.map((r) => r.pgId)).toEqual([p4.pgId]);
    expect(await received(p4.memberId)).toHaveLength(1);
  });

  it('a send holding a member who left without the study hearing of it reaches every other member once; that member is withdrawn, data kept', async () => {
    const p6 = await consent();
    await waitedFor(p5.pgId, 8);
    await waitedFor(p6.pgId, 8);
    // p5 left the project on Open Humans; no notice reaches the study (this stand-in has no webhook).
    await fetch(`${ohUrl}/_standin/members/${p5.memberId}/deauthorize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const sent = reminderSendResponseSchema.parse((await sendWhenOpen('typeFinder', 7, 200)).body);
    expect(sent.recipients.map((r) => r.pgId)).toEqual([p6.pgId]);
    expect(await received(p6.memberId)).toHaveLength(1);
    expect(await received(p5.memberId)).toEqual([]);
    for (const p of [p1, p2, p3]) expect(await received(p.memberId)).toHaveLength(1);
    const delivered = await svc.ctx.db.collection<ReminderSendDocument>(REMINDER_SENDS_COLLECTION).findOne({ _id: sent.sendId as never });
    expect(delivered).toMatchObject({ status: 'delivered', pgIds: [p6.pgId], memberIds: [p6.memberId] });
    expect(await svc.ctx.db.collection(REMINDER_CLAIMS_COLLECTION).findOne({ _id: `typeFinder:${p5.pgId}` as never })).toBeNull();
    const withdrawn = await docOf(p5.pgId);
    expect(withdrawn).toMatchObject({ consent: false });
    expect(withdrawn.withdrawnAt).toBeInstanceOf(Date);
  });

  it('records every send in the audit trail, with its step, size and outcome', async () => {
    const res = await request(svc.url).get('/api/admin/audit?action=reminder.sent').set('X-Master-Key', ADMIN_KEY).expect(200);
    const entries = (res.body as { entries: { id: string; actor: string; details: Record<string, unknown> }[] }).entries;
    const sends = await svc.ctx.db.collection<ReminderSendDocument>(REMINDER_SENDS_COLLECTION).find({}).toArray();
    // One entry per send that has ended, under the send's id, saying how it went.
    expect(entries.map((entry) => entry.id).sort()).toEqual(sends.filter((send) => send.status !== 'sending').map((send) => `reminder:${send._id}`).sort());
    for (const send of sends) {
      const entry = entries.find((e) => e.id === `reminder:${send._id}`);
      expect(entry).toMatchObject({ actor: 'admin', details: { step: send.step, days: send.days, members: send.memberIds.length, status: send.status } });
    }
  });

  it('forgets an erased participant: their claims go and the sends that reached them no longer name them', async () => {
    const sendsOf = () => svc.ctx.db.collection<ReminderSendDocument>(REMINDER_SENDS_COLLECTION).find({}).toArray();
    expect((await sendsOf()).some((send) => send.pgIds.includes(p1.pgId))).toBe(true);
    const notice = JSON.stringify({ project_member_id: p1.memberId, erasure_requested: true, timestamp: new Date().toISOString() });
    await request(svc.url)
      .post('/api/openhumans/deauthorize')
      .set('content-type', 'application/json')
      .set(OPEN_HUMANS_SIGNATURE_HEADER, hmacSignature('sha1', notice, OH_WEBHOOK_SECRET))
      .send(notice)
      .expect(200);
    const claims = await svc.ctx.db.collection(REMINDER_CLAIMS_COLLECTION).find({ pgId: p1.pgId }).toArray();
    expect(claims).toEqual([]);
    for (const send of await sendsOf()) {
      expect(send.pgIds).not.toContain(p1.pgId);
      expect(send.memberIds).not.toContain(p1.memberId);
    }
    // The others' claims and records stay.
    expect((await sendsOf()).some((send) => send.pgIds.includes(p2.pgId) && send.memberIds.includes(p2.memberId))).toBe(true);
    expect(await svc.ctx.db.collection(REMINDER_CLAIMS_COLLECTION).findOne({ _id: `typeFinder:${p2.pgId}` as never })).not.toBeNull();
  });

  it("with the project's master token expired: each member gets it with their own grant, once, and the send's record says the master token was refused and why", async () => {
    const waiting = await consent();
    const another = await consent();
    await waitedFor(waiting.pgId, 8);
    await waitedFor(another.pgId, 9);
    const expired = await fetch(`${ohUrl}/_standin/master-token/expire`, { method: 'POST' });
    expect(expired.status).toBe(200);
    const sent = await sendWhenOpen('typeFinder', 7, 200);
    const answer = reminderSendResponseSchema.parse(sent.body);
    expect(answer.recipients.map((r) => r.pgId).sort()).toEqual([waiting.pgId, another.pgId].sort());
    expect(await received(another.memberId)).toHaveLength(1);
    // The study team is told the master token needs renewing, and how.
    expect(answer.notice).toMatch(/own Open Humans grant.*Expired token\..*generate a new one there, set OH_MASTER_ACCESS_TOKEN/);
    expect(await received(waiting.memberId)).toHaveLength(1);
    const record = await svc.ctx.db.collection<ReminderSendDocument>(REMINDER_SENDS_COLLECTION).findOne({ _id: sent.body.sendId });
    expect(record).toMatchObject({ status: 'delivered' });
    expect([...record!.pgIds].sort()).toEqual([waiting.pgId, another.pgId].sort());
    expect(record?.error).toContain('Expired token.');
    // Claimed: the next send does not remind them again.
    expect((await admin('/api/admin/reminders/preview', { step: 'typeFinder', days: 7 }).expect(200)).body.count).toBe(0);
  });

  it('refuses a call without the right key before reading its body, and bad input naming the field', async () => {
    const noKey = await request(svc.url).post('/api/admin/reminders/send').set('content-type', 'application/json').send('{not json').expect(401);
    expect(noKey.body.code).toBe('STAFF_SIGN_IN_REQUIRED');
    await admin('/api/admin/reminders/preview', { step: 'typeFinder', days: 7 }, 'a-wrong-master-key-123').expect(403);

    const bad = async (path: string, body: object) => errorBodySchema.parse((await admin(path, body).expect(400)).body).error;
    const valid = { step: 'typeFinder', days: 7, subject: 'Hi', message: 'Hello' };
    expect(await bad('/api/admin/reminders/send', { ...valid, subject: '  ' })).toContain('subject must not be empty');
    expect(await bad('/api/admin/reminders/send', { ...valid, message: '' })).toContain('message must not be empty');
    expect(await bad('/api/admin/reminders/send', { ...valid, message: 'Dear {{ name }}' })).toContain('message may use {{ PROJECT_MEMBER_ID }}');
    expect(await bad('/api/admin/reminders/preview', { step: 'mbti', days: 7 })).toContain('step must be one of typeFinder, nardi, selfAssessment');
    expect(await bad('/api/admin/reminders/preview', { step: 'nardi', days: 0 })).toContain('days must be at least 1');
    expect(await bad('/api/admin/reminders/preview', { step: 'nardi', days: 366 })).toContain('days must be at most 365');
    // Neither the admin key nor the project's master token reaches the log.
    expect(JSON.stringify(lines())).not.toContain(ADMIN_KEY);
    expect(JSON.stringify(lines())).not.toContain(MASTER_TOKEN);
  });
});
