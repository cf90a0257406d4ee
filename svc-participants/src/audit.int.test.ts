import { randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import request from 'supertest';
import {
  AUDIT_CSV_COLUMNS,
  AuditActions,
  auditPageSchema,
  downloadLinkResponseSchema,
  errorBodySchema,
  EventTypes,
  mbtiUploadResponseSchema,
  type AuditAction,
  type CloudEventEnvelope,
  type MbtiScores,
} from '@study/contracts';
import type { CloudEvent } from '@study/event-bus';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor, type ProbeQueue } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadStandinConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { freePort } from '@study/test-infra';
import { participantsDeps, start, type RunningParticipants } from './app';
import { participantsTestConfig } from './test-support/participants-test-config';
import { AUDIT_LOG_COLLECTION, AuditLogRepository, type AuditLogDocument } from './data-access/audit-log-repository';
import { MBTI_SCORES_COLLECTION } from './data-access/mbti-scores-repository';
import { PARTICIPANTS_COLLECTION } from './data-access/participants-repository';
import { recordAudit } from './domain/audit/record-audit';
import { consentThroughStudy } from './test-support/consent-agreement';
import { newRowFields } from './data-access/admin-rows/stale-row';

const CLIENT_ID = 'study-client';
const CLIENT_SECRET = 'study-secret-123';
const REDIRECT_URI = 'http://127.0.0.1:8080/return';
const WEBHOOK_SECRET = 'hook-secret-for-audit-tests';
const ADMIN_KEY = '77fad72cf210bbdb41ff74653969de6b513ab4f4851b0f38a3cec40c95126242';
const NOW = new Date('2026-02-01T10:00:00.000Z');

const scores = (wholeType: string, base = 10): MbtiScores => ({
  wholeType,
  pci1: base,
  pci2: base + 1,
  pci3: base + 2,
  pci4: base + 3,
  dpref1: base + 4,
  dpref2: base + 5,
  dpref3: base + 6,
  dpref4: base + 7,
});

describe('The audit trail (svc-participants against the real FerretDB, RabbitMQ and Redis, with the Open Humans stand-in)', () => {
  const testEnv = serviceTestEnv('participants-audit');
  const { logger } = memoryLogger('debug', 'svc-participants');
  let standin: OpenHumansStandin;
  let svc: RunningParticipants;
  let probe: ProbeQueue;
  let ohUrl: string;
  /** The Open Humans tokens the consents below stored: none may reach the audit trail. */
  const ohTokens: string[] = [];
  // Active and consented, stored directly: the MBTI uploads' participant.
  const ACTIVE = randomUUID();

  beforeAll(async () => {
    const port = await freePort();
    standin = createOpenHumansStandin(
      loadStandinConfig({ PORT: '0', CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, DEAUTH_WEBHOOK_URL: `http://127.0.0.1:${port}/api/openhumans/deauthorize`, WEBHOOK_SECRET }),
    );
    ohUrl = (await standin.start()).url;
    const config = participantsTestConfig(testEnv.env, {
      PORT: String(port),
      OH_BASE_URL: ohUrl,
      OH_CLIENT_ID: CLIENT_ID,
      OH_CLIENT_SECRET: CLIENT_SECRET,
      OH_REDIRECT_URI: REDIRECT_URI,
      OH_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ADMIN_MASTER_KEY: ADMIN_KEY,
      ADMIN_CALLS_LIMIT: '1000',
    });
    svc = await start(config, { logger });
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, 'participants.#');
    const base = { dataReady: false, snpFileUploaded: false, surveys: {}, finalScore: null, createdAt: NOW, updatedAt: NOW };
    await svc.ctx.db.collection(PARTICIPANTS_COLLECTION).insertOne({ _id: ACTIVE, ...base, consent: true, consentedAt: NOW, ...newRowFields() } as never);
  });

  afterAll(async () => {
    await probe?.close();
    await svc?.stop();
    await standin?.stop();
    await testEnv.cleanup();
  });

  const auditLog = () => svc.ctx.db.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION);
  const entries = (filter: Partial<Record<keyof AuditLogDocument, unknown>> = {}) => auditLog().find(filter as never).toArray();
  const count = (action: AuditAction) => auditLog().countDocuments({ action });
  const withKey = (req: request.Test, key: string | null = ADMIN_KEY) => (key === null ? req : req.set('X-Master-Key', key));
  const upload = (body: Record<string, MbtiScores>) => request(svc.url).post('/api/user/mbti').set('X-Master-Key', ADMIN_KEY).send(body);

  async function nextEvent(type: string, subject: string): Promise<CloudEventEnvelope> {
    return waitFor(async () => {
      const event = (await probe.next(10_000)) as CloudEventEnvelope;
      return event.type === type && event.subject === subject ? event : undefined;
    }, `a ${type} event for ${subject}`, 20_000);
  }

  async function consent(): Promise<{ pgId: string; memberId: string }> {
    const { pgId, memberId } = await consentThroughStudy(svc.url);
    const stored = await participantsDeps(svc.ctx).participants.readTokens(pgId);
    if (!stored) throw new Error('the consent stored no tokens');
    ohTokens.push(stored.tokens.accessToken, stored.tokens.refreshToken);
    return { pgId, memberId };
  }

  async function leaveOnOpenHumans(memberId: string, erasureRequested: boolean): Promise<unknown> {
    const res = await fetch(`${ohUrl}/_standin/members/${memberId}/deauthorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ erasure_requested: erasureRequested }),
    });
    const body = (await res.json()) as { webhook: { status: number; body: string } | null };
    if (!res.ok || body.webhook?.status !== 200) throw new Error(`leaving answered ${res.status}: ${JSON.stringify(body)}`);
    return JSON.parse(body.webhook.body) as unknown;
  }

  /** The one entry an event left, once the service has consumed it. */
  async function entryOf(event: CloudEventEnvelope): Promise<AuditLogDocument> {
    return waitFor(async () => (await entries({ _id: event.id }))[0], `the audit entry of ${event.type}`, 20_000);
  }

  it('indexes the listing order and each filter, and a second instance starting on the database keeps them', async () => {
    await new AuditLogRepository(svc.ctx.db).ensureIndexes();
    const keys = (await auditLog().indexes()).map((index) => JSON.stringify(index.key)).sort();
    expect(keys).toEqual(['{"_id":1}', '{"action":1,"at":-1}', '{"actor":1,"at":-1}', '{"at":-1,"_id":-1}', '{"by.staffId":1,"at":-1}', '{"pgId":1,"at":-1}']);
  });

  describe('every audit route refuses a caller without the master key', () => {
    it.each([
      ['GET /api/admin/audit', (key: string | null) => withKey(request(svc.url).get('/api/admin/audit?action=nonsense'), key)],
      ['GET /api/admin/audit/export', (key: string | null) => withKey(request(svc.url).get('/api/admin/audit/export'), key)],
    ])('%s answers 401 without the key and 403 with a wrong one (before reading the query), and records nothing', async (_name, call) => {
      const before = await auditLog().countDocuments();
      expect(errorBodySchema.parse((await call(null).expect(401)).body).code).toBe('STAFF_SIGN_IN_REQUIRED');
      expect(errorBodySchema.parse((await call(`${ADMIN_KEY}x`).expect(403)).body).code).toBe('ADMIN_KEY_INVALID');
      expect(await auditLog().countDocuments()).toBe(before);
    });
  });

  describe('when the audit log cannot be written', () => {
    it('an admin action answers 503 with Retry-After and does not happen', async () => {
      await upload({ [ACTIVE]: scores('INTJ') }).expect(200);
      await withKey(request(svc.url).get('/api/admin/enrollment')).expect(200);
      expect([await count(AuditActions.mbtiUploaded), await count(AuditActions.enrollmentViewed)]).toEqual([1, 1]);
      // One entry per action at most from here: the next of each is refused by the database.
      await auditLog().createIndex({ action: 1 }, { unique: true, name: 'test_one_per_action' });
      try {
        // The stored results, not the outbox in flight: the relay publishing the first upload's events empties it meanwhile.
        const storedMbti = async () => JSON.stringify(await svc.ctx.db.collection(MBTI_SCORES_COLLECTION).find({}, { projection: { outbox: 0, outboxPending: 0 } }).sort({ _id: 1 }).toArray());
        const mbtiBefore = await storedMbti();
        const refused = await upload({ [ACTIVE]: scores('ESTP', 30) }).expect(503);
        expect(refused.headers['retry-after']).toBe('5');
        expect(errorBodySchema.parse(refused.body).code).toBe('AUDIT_UNAVAILABLE');
        expect(await storedMbti()).toBe(mbtiBefore);

        const figures = await withKey(request(svc.url).get('/api/admin/enrollment')).expect(503);
        expect(figures.headers['retry-after']).toBe('5');
        expect(figures.body).not.toHaveProperty('byType');
      } finally {
        await auditLog().dropIndex('test_one_per_action');
      }
      expect([await count(AuditActions.mbtiUploaded), await count(AuditActions.enrollmentViewed)]).toEqual([1, 1]);
    });
  });

  describe('admin actions', () => {
    it('an MBTI upload leaves one entry with its counts', async () => {
      const unknown = randomUUID();
      const before = await count(AuditActions.mbtiUploaded);
      const res = await upload({ [ACTIVE]: scores('ENFP', 40), [unknown]: scores('ISTJ') }).expect(200);
      expect(mbtiUploadResponseSchema.parse(res.body)).toMatchObject({ modifiedCount: 1, unknownPgIds: [unknown] });
      const recorded = await entries({ action: AuditActions.mbtiUploaded });
      expect(recorded).toHaveLength(before + 1);
      const newest = recorded.sort((a, b) => b.at.getTime() - a.at.getTime())[0];
      expect(newest).toMatchObject({ actor: 'admin', details: { rows: 2, added: 0, changed: 1, unchanged: 0, unknown: 1 } });
      expect(newest?.pgId).toBeUndefined();
    });

    it('each statistics download (with the key or through a link), roster download and enrollment view leaves one entry', async () => {
      const before = {
        stats: await count(AuditActions.statisticsDownloaded),
        roster: await count(AuditActions.rosterDownloaded),
        enrollment: await count(AuditActions.enrollmentViewed),
      };
      await withKey(request(svc.url).get('/api/stats')).expect(200);
      expect(await count(AuditActions.statisticsDownloaded)).toBe(before.stats + 1);
      const link = downloadLinkResponseSchema.parse((await withKey(request(svc.url).post('/api/admin/download-links')).send({ resource: 'stats' }).expect(200)).body);
      await request(svc.url).get(link.url).expect(200);
      expect(await count(AuditActions.statisticsDownloaded)).toBe(before.stats + 2);
      // A spent link downloads nothing and records nothing.
      await request(svc.url).get(link.url).expect(403);
      expect(await count(AuditActions.statisticsDownloaded)).toBe(before.stats + 2);
      expect((await entries({ action: AuditActions.statisticsDownloaded })).map((entry) => entry.details.viaLink).sort()).toEqual([false, true]);

      await request(svc.url).get(`/api/ohready/${encodeURIComponent(ADMIN_KEY)}`).expect(200);
      expect(await count(AuditActions.rosterDownloaded)).toBe(before.roster + 1);
      await withKey(request(svc.url).get('/api/admin/enrollment')).expect(200);
      expect(await count(AuditActions.enrollmentViewed)).toBe(before.enrollment + 1);
    });
  });

  describe('participant events, recorded from the service’s own events', () => {
    let consented: { pgId: string; memberId: string };
    let consentEvent: CloudEventEnvelope;

    it('a consent leaves one consent.given entry, under the event’s id', async () => {
      consented = await consent();
      consentEvent = await nextEvent(EventTypes.participantConsented, consented.pgId);
      const entry = await entryOf(consentEvent);
      expect(entry).toEqual({ _id: consentEvent.id, at: new Date(consentEvent.time), action: 'consent.given', actor: 'participant', pgId: consented.pgId, details: { reauthorized: false, snpFileUploaded: true, consentVersion: 'v1', adultCertified: true } });
    });

    it('an event delivered again leaves that one entry, even when the inbox had lost it', async () => {
      const inbox = svc.ctx.db.collection<{ _id: string }>('inbox');
      await waitFor(async () => (await inbox.countDocuments({ _id: consentEvent.id })) === 1, 'the consent event in the inbox');
      // As after a crash between the handler's write and the inbox insert: the handler runs again.
      await inbox.deleteOne({ _id: consentEvent.id });
      await svc.ctx.broker.publish(consentEvent as unknown as CloudEvent);
      await waitFor(async () => (await inbox.countDocuments({ _id: consentEvent.id })) === 1, 'the redelivered event handled', 20_000);
      expect(await entries({ pgId: consented.pgId, action: AuditActions.consentGiven })).toHaveLength(1);
    });

    it('leaving Open Humans without erasure publishes participants.consent.withdrawn.v1 and leaves one consent.withdrawn entry', async () => {
      expect(await leaveOnOpenHumans(consented.memberId, false)).toMatchObject({ received: true });
      const event = await nextEvent(EventTypes.consentWithdrawn, consented.pgId);
      expect(event.data).toEqual({ withdrawnAt: expect.any(String), initiatedBy: 'open-humans' });
      expect(await entryOf(event)).toMatchObject({ action: 'consent.withdrawn', actor: 'open-humans', pgId: consented.pgId, details: {} });
    });

    it('an erasure leaves one participant.erased entry, kept after the participant’s data is gone', async () => {
      const other = await consent();
      await nextEvent(EventTypes.participantConsented, other.pgId);
      expect(await leaveOnOpenHumans(other.memberId, true)).toMatchObject({ received: true });
      const event = await nextEvent(EventTypes.participantErased, other.pgId);
      expect(await entryOf(event)).toMatchObject({ action: 'participant.erased', actor: 'open-humans', pgId: other.pgId });
      const forOther = await waitFor(async () => {
        const found = await entries({ pgId: other.pgId });
        return found.length === 2 ? found : undefined;
      }, 'the consent and erasure entries');
      expect(forOther.map((entry) => entry.action).sort()).toEqual(['consent.given', 'participant.erased']);
    });
  });

  describe('the list and the export', () => {
    const PG = randomUUID();
    // Five reminders on five days, the first two about PG, one by the system.
    const days = ['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04', '2025-01-05'];

    beforeAll(async () => {
      const deps = { ...participantsDeps(svc.ctx), caller: { kind: 'master-key' as const } };
      for (const [i, day] of days.entries()) {
        await recordAudit(deps, {
          action: AuditActions.reminderSent,
          actor: i === 4 ? 'system' : 'admin',
          at: new Date(`${day}T12:00:00.000Z`),
          ...(i < 2 ? { pgId: PG } : {}),
          details: { step: i === 3 ? '=HYPERLINK("x")' : 'consented-no-typefinder', members: i },
        });
      }
    });

    const list = (query: string) => withKey(request(svc.url).get(`/api/admin/audit${query}`));

    it('lists newest first and pages with nextBefore until there are no older entries', async () => {
      const first = auditPageSchema.parse((await list('?action=reminder.sent&limit=2').expect(200)).body);
      expect(first.entries.map((entry) => entry.at.slice(0, 10))).toEqual(['2025-01-05', '2025-01-04']);
      expect(first.nextBefore).not.toBeNull();
      const second = auditPageSchema.parse((await list(`?action=reminder.sent&limit=2&before=${encodeURIComponent(first.nextBefore!)}`).expect(200)).body);
      expect(second.entries.map((entry) => entry.at.slice(0, 10))).toEqual(['2025-01-03', '2025-01-02']);
      const third = auditPageSchema.parse((await list(`?action=reminder.sent&limit=2&before=${encodeURIComponent(second.nextBefore!)}`).expect(200)).body);
      expect(third.entries.map((entry) => entry.at.slice(0, 10))).toEqual(['2025-01-01']);
      expect(third.nextBefore).toBeNull();

      // Without filters the newest entries of all come first (today's, not the 2025 ones).
      const all = auditPageSchema.parse((await list('').expect(200)).body);
      const times = all.entries.map((entry) => entry.at);
      expect(times).toEqual([...times].sort().reverse());
      expect(all.entries[0]?.at.startsWith('2025')).toBe(false);
    });

    it('filters by actor, study ID and a date range (days inclusive)', async () => {
      const days_ = async (query: string) => auditPageSchema.parse((await list(query).expect(200)).body).entries.map((entry) => entry.at.slice(0, 10));
      expect(await days_('?actor=system')).toEqual(['2025-01-05']);
      expect(await days_(`?pgId=${PG.toUpperCase()}`)).toEqual(['2025-01-02', '2025-01-01']);
      expect(await days_('?action=reminder.sent&from=2025-01-02&to=2025-01-04')).toEqual(['2025-01-04', '2025-01-03', '2025-01-02']);
      expect(await days_('?from=2025-01-03&to=2025-01-03')).toEqual(['2025-01-03']);
      expect(await days_('?action=reminder.sent&to=2024-12-31')).toEqual([]);
    });

    it.each([
      ['?action=entry.deleted', 'action'],
      ['?actor=root', 'actor'],
      ['?pgId=not-a-study-id', 'pgId'],
      ['?from=2025-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2025-01-05&to=2025-01-01', 'from must not be after to'],
      ['?before=page-2', 'before'],
      ['?limit=1000', 'limit'],
      ['?action=a&action=b', 'action'],
    ])('refuses %s with 400 naming the field', async (query, field) => {
      const res = await list(query).expect(400);
      expect(errorBodySchema.parse(res.body).error).toContain(field);
    });

    it('exports the filtered entries as CSV through a one-time download link, newest first, and records the export', async () => {
      const before = await count(AuditActions.auditExported);
      const badLink = await withKey(request(svc.url).post('/api/admin/download-links')).send({ resource: 'audit', filters: { from: '2025-01-05', to: '2025-01-01' } }).expect(400);
      expect(errorBodySchema.parse(badLink.body).error).toContain('filters.from');
      await withKey(request(svc.url).post('/api/admin/download-links')).send({ resource: 'stats', filters: { actor: 'admin' } }).expect(400);
      expect(await count(AuditActions.auditExported)).toBe(before);

      const link = downloadLinkResponseSchema.parse((await withKey(request(svc.url).post('/api/admin/download-links')).send({ resource: 'audit', filters: { action: 'reminder.sent', actor: 'admin' } }).expect(200)).body);
      const res = await request(svc.url).get(link.url).expect(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
      const [header, ...rows] = parseCsv(res.text) as string[][];
      expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
      const GLASS = 'master key (break-glass)';
      expect(rows.map((row) => [row[0]?.slice(0, 10), row[1], row[2], row[3], row[4], row[5]])).toEqual([
        ['2025-01-04', 'reminder.sent', 'admin', GLASS, '', ''],
        ['2025-01-03', 'reminder.sent', 'admin', GLASS, '', ''],
        ['2025-01-02', 'reminder.sent', 'admin', GLASS, '', PG],
        ['2025-01-01', 'reminder.sent', 'admin', GLASS, '', PG],
      ]);
      expect(JSON.parse(rows[0]?.[6] ?? '')).toEqual({ step: '=HYPERLINK("x")', members: 3 });
      // The link works once.
      await request(svc.url).get(link.url).expect(403);

      const exported = (await entries({ action: AuditActions.auditExported })).sort((a, b) => a.at.getTime() - b.at.getTime());
      expect(exported).toHaveLength(before + 1);
      expect(exported.at(-1)?.details).toEqual({ filterAction: 'reminder.sent', filterActor: 'admin', viaLink: true });
    });

    it('a bad filter in the export address is refused naming the field, and nothing is recorded', async () => {
      const before = await count(AuditActions.auditExported);
      const res = await withKey(request(svc.url).get('/api/admin/audit/export?from=2025-13-01')).expect(400);
      expect(errorBodySchema.parse(res.body).error).toContain('from');
      expect(await count(AuditActions.auditExported)).toBe(before);
    });

    it('never holds the master key or a token: not in any entry, not in the whole export', async () => {
      const stored = JSON.stringify(await entries());
      const csv = (await withKey(request(svc.url).get('/api/admin/audit/export')).expect(200)).text;
      for (const secret of [ADMIN_KEY, encodeURIComponent(ADMIN_KEY)]) {
        expect(stored).not.toContain(secret);
        expect(csv).not.toContain(secret);
      }
      // Nor a download link's token, nor an Open Humans token.
      const link = downloadLinkResponseSchema.parse((await withKey(request(svc.url).post('/api/admin/download-links')).send({ resource: 'audit' }).expect(200)).body);
      const token = new URL(link.url, 'http://x').searchParams.get('token') ?? '';
      await request(svc.url).get(link.url).expect(200);
      expect(JSON.stringify(await entries())).not.toContain(token);
      expect(ohTokens).toHaveLength(4);
      for (const secret of ohTokens) {
        expect(stored).not.toContain(secret);
        expect(csv).not.toContain(secret);
      }
    });

    it('no route edits or removes an entry, and the repository has no method that could', async () => {
      // The entries there now, read again afterwards: events of earlier tests may still add entries meanwhile.
      const stored = await auditLog().find({}).sort({ _id: 1 }).toArray();
      const before = JSON.stringify(stored);
      const ids = stored.map((entry) => entry._id);
      const [one] = await entries({ action: AuditActions.reminderSent });
      for (const method of ['put', 'patch', 'delete', 'post'] as const) {
        for (const path of ['/api/admin/audit', `/api/admin/audit/${one?._id}`, '/api/admin/audit/export']) {
          const res = await withKey(request(svc.url)[method](path)).send({ action: 'consent.given' });
          expect([404, 405]).toContain(res.status);
        }
      }
      expect(JSON.stringify(await auditLog().find({ _id: { $in: ids } }).sort({ _id: 1 }).toArray())).toBe(before);
      const methods = Object.getOwnPropertyNames(AuditLogRepository.prototype).filter((name) => name !== 'constructor');
      expect(methods.sort()).toEqual(['append', 'ensureIndexes', 'page', 'stream']);
    });
  });
});
