import { randomBytes, randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import request from 'supertest';
import {
  downloadLinkResponseSchema,
  enrollmentSchema,
  errorBodySchema,
  EventTypes,
  mbtiUploadResponseSchema,
  ROSTER_CSV_COLUMNS,
  STATS_CSV_COLUMNS,
  userViewSchema,
  type CloudEventEnvelope,
  type MbtiScores,
} from '@study/contracts';
import { TYPE_CODES } from '@study/personality';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor, type ProbeQueue } from '@study/service-kit/testing';
import { start, type RunningParticipants } from './app';
import { participantsTestConfig } from './test-support/participants-test-config';
import { MBTI_SCORES_COLLECTION } from './data-access/mbti-scores-repository';
import { PARTICIPANTS_COLLECTION } from './data-access/participants-repository';
import { TokenCipher } from './data-access/token-cipher';
import { TYPEFINDER_INBOX_COLLECTION } from './data-access/typefinder-inbox-repository';
import { parseEncryptionKey } from './data-access/token-cipher';
import { studyPseudonyms } from './domain/admin/study-pseudonym';
import { newRowFields } from './data-access/admin-rows/stale-row';

const ADMIN_KEY = 'd701728ab669fb3ce3afc1f8fcdcd11016d0b602bb48b0c0a9898033f473382c';
// More than the wrong keys the refusal tests send before a right key clears the count; the limit test then starts from none.
const FAILED_ATTEMPTS_LIMIT = 8;
const TOKEN_KEY = randomBytes(32).toString('hex');
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

describe('The admin tools (svc-participants against the real FerretDB, RabbitMQ and Redis)', () => {
  const testEnv = serviceTestEnv('participants-admin');
  const { logger, lines } = memoryLogger('debug', 'svc-participants');
  let svc: RunningParticipants;
  let probe: ProbeQueue;

  // Linked to Open Humans with a live token (A, B); C created without Open Humans; D erased.
  const [A, B, C, D] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const UNKNOWN = randomUUID();

  beforeAll(async () => {
    const config = participantsTestConfig(testEnv.env, {
      TOKEN_ENCRYPTION_KEY: TOKEN_KEY,
      ADMIN_MASTER_KEY: ADMIN_KEY,
      ADMIN_FAILED_ATTEMPTS_LIMIT: String(FAILED_ATTEMPTS_LIMIT),
      ADMIN_CALLS_LIMIT: '1000',
    });
    svc = await start(config, { logger });
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, EventTypes.mbtiUploaded);

    const cipher = TokenCipher.fromConfig(TOKEN_KEY);
    const tokens = (pgId: string) => ({
      access: cipher.seal('access-token', `${pgId}:oh-access`),
      refresh: cipher.seal('refresh-token', `${pgId}:oh-refresh`),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const base = { dataReady: false, snpFileUploaded: false, surveys: {}, finalScore: null, createdAt: NOW, updatedAt: NOW };
    const done = { status: 'completed', index: 0, answers: [] };
    await svc.ctx.db.collection(PARTICIPANTS_COLLECTION).insertMany([
      {
        _id: A,
        ...base,
        consent: true,
        snpFileUploaded: true,
        openHumans: { memberId: '11111111', tokens: tokens(A) },
        consentedAt: NOW,
        surveys: { typeFinder: { id: 'typeFinder', ...done, typeCode: 'INTJ' }, nardi: { id: 'nardi', ...done, typeCode: 'INTJ', consistency: 7 } },
        finalScore: { typeCode: 'INTJ', computedAt: NOW.toISOString() },
      },
      { _id: B, ...base, consent: true, openHumans: { memberId: '22222222', tokens: tokens(B) }, consentedAt: NOW },
      { _id: C, ...base, consent: false, finalScore: { typeCode: 'Inconclusive', computedAt: NOW.toISOString() } },
      { _id: D, erased: true, erasedAt: NOW },
    ].map((doc) => ({ ...doc, ...newRowFields() })) as never[]);
  });

  afterAll(async () => {
    await probe?.close();
    await svc?.stop();
    await testEnv.cleanup();
  });

  const upload = (body: unknown, key: string | null = ADMIN_KEY) => {
    const req = request(svc.url).post('/api/user/mbti');
    if (key !== null) req.set('X-Master-Key', key);
    return req.send(body as object);
  };
  const withKey = (req: request.Test, key: string | null) => (key === null ? req : req.set('X-Master-Key', key));

  /** Everything the service stores about participants, MBTI results and TypeFinder results (not the outbox in flight, which the relay empties meanwhile, nor the admin rows' mark, which their passes clear). */
  async function snapshot(): Promise<string> {
    const read = (name: string) => svc.ctx.db.collection(name).find({}, { projection: { outbox: 0, outboxPending: 0, adminRowStale: 0 } }).sort({ _id: 1 }).toArray();
    return JSON.stringify({ participants: await read(PARTICIPANTS_COLLECTION), mbti: await read(MBTI_SCORES_COLLECTION), inbox: await read(TYPEFINDER_INBOX_COLLECTION) });
  }

  async function nextUploadEvent(): Promise<CloudEventEnvelope> {
    return (await probe.next(15_000)) as CloudEventEnvelope;
  }

  function csvRecords(text: string): string[][] {
    return parseCsv(text, { relax_column_count: false }) as string[][];
  }

  describe('without the master key, or with a wrong one', () => {
    const calls: [string, (key: string | null) => request.Test][] = [
      ['POST /api/user/mbti', (key) => upload({ [A]: scores('ESTP') }, key)],
      ['GET /api/stats', (key) => withKey(request(svc.url).get('/api/stats'), key)],
      ['GET /api/admin/enrollment', (key) => withKey(request(svc.url).get('/api/admin/enrollment'), key)],
      ['POST /api/admin/download-links', (key) => withKey(request(svc.url).post('/api/admin/download-links'), key).send({ resource: 'stats' })],
      ['POST /api/typefinder/import', (key) => withKey(request(svc.url).post('/api/typefinder/import').set('content-type', 'text/csv'), key).send(`email,type\nx@study.example.org,INTJ\n`)],
    ];

    it.each(calls)('%s answers 401 without the key and 403 with a wrong one, and changes nothing', async (_name, call) => {
      const before = await snapshot();
      expect(errorBodySchema.parse((await call(null).expect(401)).body).code).toBe('STAFF_SIGN_IN_REQUIRED');
      expect(errorBodySchema.parse((await call(`${ADMIN_KEY}x`).expect(403)).body).code).toBe('ADMIN_KEY_INVALID');
      expect(await snapshot()).toBe(before);
    });

    it('GET /api/ohready/{masterKey} answers 403 for a wrong key, and sends no roster', async () => {
      const res = await request(svc.url).get(`/api/ohready/${encodeURIComponent(`${ADMIN_KEY}x`)}`).expect(403);
      expect(errorBodySchema.parse(res.body).code).toBe('ADMIN_KEY_INVALID');
      expect(res.headers['content-disposition']).toBeUndefined();
    });

    it('GET /api/stats refuses a forged or malformed download link', async () => {
      const link = downloadLinkResponseSchema.parse((await request(svc.url).post('/api/admin/download-links').set('X-Master-Key', ADMIN_KEY).send({ resource: 'stats' }).expect(200)).body);
      const token = new URL(link.url, 'http://x').searchParams.get('token') ?? '';
      const [body] = token.split('.');
      const forged = `${body}.${Buffer.alloc(32, 1).toString('base64url')}`;
      expect(errorBodySchema.parse((await request(svc.url).get(`/api/stats?token=${forged}`).expect(403)).body).code).toBe('DOWNLOAD_LINK_INVALID');
      expect(errorBodySchema.parse((await request(svc.url).get('/api/stats?token=not-a-token').expect(403)).body).code).toBe('DOWNLOAD_LINK_INVALID');
    });
  });

  describe('MBTI upload', () => {
    it('stores the known participants in one bulk write, lists the unknown study IDs, and publishes one event per participant', async () => {
      const res = await upload({ [A]: scores('INTJ'), [B.toUpperCase()]: scores('ENFP', 20), [D]: scores('ISTJ'), [UNKNOWN]: scores('ISFP') }).expect(200);
      expect(mbtiUploadResponseSchema.parse(res.body)).toEqual({
        insertedCount: 2,
        matchedCount: 0,
        modifiedCount: 0,
        deletedCount: 0,
        upsertedCount: 0,
        unknownPgIds: [D, UNKNOWN],
        updatedParticipants: 2,
      });
      const events = [await nextUploadEvent(), await nextUploadEvent()].sort((x, y) => (x.subject === A ? -1 : y.subject === A ? 1 : 0));
      expect(events.map((event) => [event.subject, event.data])).toEqual([
        [A, scores('INTJ')],
        [B, scores('ENFP', 20)],
      ]);
      expect(events[0]?.correlationid).toBe(res.headers['x-request-id']);
      expect(await svc.ctx.db.collection(MBTI_SCORES_COLLECTION).countDocuments({ _id: { $in: [D, UNKNOWN] } as never })).toBe(0);
    });

    it('the dashboard then shows dataReady and the MBTI type; others are unchanged', async () => {
      const view = async (pgId: string) => userViewSchema.parse((await request(svc.url).post('/api/user').send({ pgId }).expect(200)).body);
      const a = await view(A);
      expect(a.access.dataReady).toBe(true);
      expect(a.mbti.typeCode).toBe('INTJ');
      const c = await view(C);
      expect(c.access.dataReady).toBe(false);
      expect(c.mbti.typeCode).toBeUndefined();
    });

    it('the same upload again changes nothing and publishes nothing; a changed score publishes one event', async () => {
      const same = await upload({ [A]: scores('INTJ'), [B]: scores('ENFP', 20) }).expect(200);
      expect(mbtiUploadResponseSchema.parse(same.body)).toMatchObject({ insertedCount: 0, matchedCount: 2, modifiedCount: 0, unknownPgIds: [], updatedParticipants: 0 });

      const changed = await upload({ [A]: scores('ESTP', 30), [B]: scores('ENFP', 20) }).expect(200);
      expect(mbtiUploadResponseSchema.parse(changed.body)).toMatchObject({ insertedCount: 0, matchedCount: 2, modifiedCount: 1, updatedParticipants: 1 });
      // Events arrive in order: had the identical upload published anything, it would come first.
      const next = await nextUploadEvent();
      expect([next.subject, next.data]).toEqual([A, scores('ESTP', 30)]);
      expect(next.correlationid).toBe(changed.headers['x-request-id']);
      await waitFor(async () => (await svc.ctx.db.collection(MBTI_SCORES_COLLECTION).countDocuments({ 'outbox.0': { $exists: true } })) === 0, 'the outbox relay to publish');
    });

    it('takes a body larger than the service default (the upload limit is its own) and refuses a bad one whole', async () => {
      const many = Object.fromEntries(Array.from({ length: 1500 }, () => [randomUUID(), scores('INFJ')]));
      expect(JSON.stringify(many).length).toBeGreaterThan(150_000);
      const res = await upload(many).expect(200);
      expect(mbtiUploadResponseSchema.parse(res.body)).toMatchObject({ insertedCount: 0, unknownPgIds: expect.arrayContaining([Object.keys(many)[0]]) });
      expect(res.body.unknownPgIds).toHaveLength(1500);

      const before = await snapshot();
      expect(errorBodySchema.parse((await upload({ 'not-a-study-id': scores('INTJ') }).expect(400)).body).code).toBe('VALIDATION_FAILED');
      expect(errorBodySchema.parse((await upload({ [A]: { ...scores('INTJ'), wholeType: 'ABCD' } }).expect(400)).body).code).toBe('VALIDATION_FAILED');
      expect(await snapshot()).toBe(before);
    });
  });

  it('the TypeFinder import stores 150 rows twice (the second time every row replaces one: more than FerretDB takes in one command)', async () => {
    const csv = ['email,type', ...Array.from({ length: 150 }, (_, i) => `bulk-${i}@study.example.org,INTJ`)].join('\n');
    const importCsv = () => request(svc.url).post('/api/typefinder/import').set('X-Master-Key', ADMIN_KEY).set('content-type', 'text/csv').send(csv).expect(200);
    expect((await importCsv()).body).toMatchObject({ storedCount: 150, insertedCount: 150, updatedCount: 0 });
    expect((await importCsv()).body).toMatchObject({ storedCount: 150, insertedCount: 0, updatedCount: 150 });
  });

  describe('downloads and figures', () => {
    it('GET /api/stats streams one row per participant with the statistics columns', async () => {
      const res = await request(svc.url).get('/api/stats').set('X-Master-Key', ADMIN_KEY).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="statistics.csv"');
      expect(res.headers['cache-control']).toBe('no-store');
      const [header, ...rows] = csvRecords(res.text);
      expect(header).toEqual([...STATS_CSV_COLUMNS]);
      // Each participant under their pseudonym, the one the analysis export uses; never the study ID.
      const pseudonymOf = studyPseudonyms(parseEncryptionKey(TOKEN_KEY) as Buffer);
      const byId = new Map(rows.map((row) => [row[0], Object.fromEntries(STATS_CSV_COLUMNS.map((column, i) => [column, row[i]]))]));
      expect([...byId.keys()].sort()).toEqual([A, B, C].map(pseudonymOf).sort());
      for (const pgId of [A, B, C]) expect(res.text).not.toContain(pgId);
      expect(byId.get(pseudonymOf(A))).toMatchObject({ consent: 'true', dataReady: 'true', snpFileUploaded: 'true', typeFinderType: 'INTJ', nardiConsistency: '7', mbtiType: 'ESTP', finalType: 'INTJ' });
      expect(byId.get(pseudonymOf(C))).toMatchObject({ consent: 'false', dataReady: 'false', mbtiType: '', finalType: 'Inconclusive' });
    });

    it('a download link works once, without the key, within its minute', async () => {
      const link = downloadLinkResponseSchema.parse((await request(svc.url).post('/api/admin/download-links').set('X-Master-Key', ADMIN_KEY).send({ resource: 'stats' }).expect(200)).body);
      expect(link.url).toMatch(/^\/api\/stats\?token=/);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
      const first = await request(svc.url).get(link.url).expect(200);
      expect(csvRecords(first.text)[0]).toEqual([...STATS_CSV_COLUMNS]);
      expect(errorBodySchema.parse((await request(svc.url).get(link.url).expect(403)).body).code).toBe('DOWNLOAD_LINK_INVALID');
    });

    it('GET /api/ohready/{masterKey} sends the roster of participants linked to Open Humans', async () => {
      const res = await request(svc.url).get(`/api/ohready/${encodeURIComponent(ADMIN_KEY)}`).expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="roster.csv"');
      const [header, ...rows] = csvRecords(res.text);
      expect(header).toEqual([...ROSTER_CSV_COLUMNS]);
      expect(rows.map((row) => row.slice(0, 5)).sort()).toEqual(
        [
          [A, '11111111', 'true', 'true', 'true'],
          [B, '22222222', 'true', 'false', 'true'],
        ].sort(),
      );
    });

    it('GET /api/admin/enrollment counts final types against the targets and the steps reached', async () => {
      const enrollment = enrollmentSchema.parse((await request(svc.url).get('/api/admin/enrollment').set('X-Master-Key', ADMIN_KEY).expect(200)).body);
      expect(enrollment.targets).toEqual({ perType: 200, total: 6000 });
      expect(enrollment.participants).toBe(3);
      expect(enrollment.inconclusive).toBe(1);
      expect(enrollment.byType.find((entry) => entry.typeCode === 'INTJ')?.count).toBe(1);
      expect(Object.fromEntries(enrollment.steps.map(({ step, count }) => [step, count]))).toMatchObject({ enrolled: 3, consented: 2, typeFinder: 1, nardi: 1, mbti: 2, finalType: 2, report: 0 });
    });

    it('GET /api/admin/enrollment tells how each pair of instruments agrees, from the completed surveys and the uploaded MBTI types', async () => {
      // With A (TypeFinder INTJ, Nardi INTJ, MBTI ESTP) and B (MBTI ENFP) already in.
      const survey = (id: string, status: string, typeCode: string) => ({ id, status, index: 0, answers: [], typeCode });
      const [E, F, G] = [randomUUID(), randomUUID(), randomUUID()];
      const base = { dataReady: false, snpFileUploaded: false, finalScore: null, createdAt: NOW, updatedAt: NOW };
      await svc.ctx.db.collection(PARTICIPANTS_COLLECTION).insertMany([
        { _id: E, ...base, surveys: { typeFinder: survey('typeFinder', 'completed', 'ENFP'), nardi: survey('nardi', 'completed', 'INFP'), selfAssessment: survey('selfAssessment', 'completed', 'ENFP') } },
        // A rejected self-assessment has no type to compare.
        { _id: F, ...base, surveys: { typeFinder: survey('typeFinder', 'completed', 'ISTJ'), nardi: survey('nardi', 'completed', 'ISTJ'), selfAssessment: survey('selfAssessment', 'rejected', 'ISTJ') } },
        { _id: G, ...base, surveys: { typeFinder: survey('typeFinder', 'completed', 'ESTP'), nardi: survey('nardi', 'completed', 'ESTJ') } },
      ].map((doc) => ({ ...doc, ...newRowFields() })) as never[]);

      const { agreement } = enrollmentSchema.parse((await request(svc.url).get('/api/admin/enrollment').set('X-Master-Key', ADMIN_KEY).expect(200)).body);
      const pair = (first: string, second: string) => agreement?.find((entry) => entry.first === first && entry.second === second);
      expect(agreement?.map(({ first, second, n, wholeType }) => `${first}/${second}:${n}:${wholeType.agreeing}`)).toEqual([
        'typeFinder/nardi:4:2',
        'typeFinder/mbti:1:0',
        'typeFinder/selfAssessment:1:1',
        'nardi/mbti:1:0',
        'nardi/selfAssessment:1:0',
        'mbti/selfAssessment:0:0',
      ]);

      /*
       * TypeFinder / Nardi over A, E, F, G: INTJ/INTJ, ENFP/INFP, ISTJ/ISTJ, ESTP/ESTJ.
       *   E-I: EE 1 EI 1 IE 0 II 2; rows 2,2; columns 1,3: po = 3/4, pe = 8/16, kappa = (12 - 8)/(16 - 8) = 1/2
       *   S-N: all agree, rows = columns = 2,2: kappa = (16 - 8)/(16 - 8) = 1
       *   T-F: all agree, rows = columns = 3,1: kappa = (16 - 10)/(16 - 10) = 1
       *   J-P: JJ 2 JP 0 PJ 1 PP 1; rows 2,2; columns 3,1: po = 3/4, pe = 8/16, kappa = 1/2
       */
      const typeFinderNardi = pair('typeFinder', 'nardi');
      expect(typeFinderNardi?.wholeType).toEqual({ agreeing: 2, percent: 50 });
      expect(typeFinderNardi?.letters).toEqual([
        { dichotomy: 'EI', agreeing: 3, percent: 75, kappa: 0.5 },
        { dichotomy: 'SN', agreeing: 4, percent: 100, kappa: 1 },
        { dichotomy: 'TF', agreeing: 4, percent: 100, kappa: 1 },
        { dichotomy: 'JP', agreeing: 3, percent: 75, kappa: 0.5 },
      ]);
      const cells = typeFinderNardi?.confusion.flatMap((row, r) => row.flatMap((count, c) => (count > 0 ? [`${TYPE_CODES[r]}>${TYPE_CODES[c]}:${count}`] : [])));
      expect(cells?.sort()).toEqual(['ENFP>INFP:1', 'ESTP>ESTJ:1', 'INTJ>INTJ:1', 'ISTJ>ISTJ:1']);
      expect(pair('mbti', 'selfAssessment')?.letters.every((letter) => letter.percent === null && letter.kappa === null)).toBe(true);
    });
  });

  describe('the key in logs and repeated wrong keys', () => {
    it('a key path that is not valid percent-encoding is refused without echoing it', async () => {
      const res = await request(svc.url).get(`/api/ohready/${ADMIN_KEY}%E0%A4%A`).expect(400);
      expect(res.body.error).not.toContain(ADMIN_KEY);
    });

    it('no log line holds the master key', () => {
      const text = JSON.stringify(lines());
      expect(text.length).toBeGreaterThan(1000);
      expect(text).not.toContain(ADMIN_KEY);
      expect(text).toContain('/api/ohready/:masterKey');
    });

    it(`checks at most ${FAILED_ATTEMPTS_LIMIT} wrong keys from an address over every route, however many come at once; then the right key is refused too`, async () => {
      // A right key clears the address's count: start from none.
      await request(svc.url).get('/api/admin/enrollment').set('X-Master-Key', ADMIN_KEY).expect(200);
      const paths = ['/api/admin/enrollment', '/api/stats', '/api/admin/analysis-export', `/api/ohready/wrong-key-in-the-path-0123456789`];
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_unused, i) => {
          const path = paths[i % paths.length] as string;
          return path.startsWith('/api/ohready/') ? request(svc.url).get(path) : request(svc.url).get(path).set('X-Master-Key', `wrong-${i}-key-0123456789`);
        }),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 403)).toHaveLength(FAILED_ATTEMPTS_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - FAILED_ATTEMPTS_LIMIT);
      const locked = await request(svc.url).get(`/api/ohready/${encodeURIComponent(ADMIN_KEY)}`).expect(429);
      expect(errorBodySchema.parse(locked.body).code).toBe('RATE_LIMITED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
