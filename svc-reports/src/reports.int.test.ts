import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import {
  errorBodySchema,
  EventTypes,
  FINAL_REPORT_NOT_READY_MESSAGE,
  FINAL_REPORT_BEING_MADE_MESSAGE,
  NARDI_REPORT_NOT_READY_MESSAGE,
  nardiReportSchema,
  reportGeneratedV2DataSchema,
  type CloudEventEnvelope,
  type ScoreFinalizedData,
} from '@study/contracts';
import { createEvent, type CloudEvent } from '@study/event-bus';
import {
  SAMPLE_DICHOT_PREF,
  SAMPLE_FUNCTIONAL_PAIRS,
  SAMPLE_INTERACTION_STYLES,
  SAMPLE_TEMPERAMENTS,
  SAMPLE_TYPE_CODES,
} from '@study/personality/testing';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor, writeAsService, type ProbeQueue, loggedParticipant } from '@study/service-kit/testing';
import { start, type RunningReports } from './app';
import { loadReportsConfig } from './config';
import { RENDER_ON_DEMAND_AFTER_MS } from './domain/final-report/get-final-report';
import { reportLockKey } from './data-access/reports-repository';
import { FINAL_REPORT_FILES_COLLECTION } from './data-access/final-report-files';
import { REPORTS_COLLECTION, storedNardiReport, type ReportDocument } from './data-access/reports-collection';

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const SCORES = copy({
  typeCodes: SAMPLE_TYPE_CODES,
  functionalPairs: SAMPLE_FUNCTIONAL_PAIRS,
  temperaments: SAMPLE_TEMPERAMENTS,
  dichotPref: SAMPLE_DICHOT_PREF,
  interactionStyles: SAMPLE_INTERACTION_STYLES,
});

let counter = 0;
function newPgId(): string {
  counter += 1;
  return `8b3d4c0f-3b4d-4c5e-9f60-${String(counter).padStart(12, '0')}`;
}

function finalized(version: number, typeCode = 'INTJ', mbti?: string): ScoreFinalizedData {
  return {
    typeCode,
    version,
    decidedBy: { basis: typeCode === 'Inconclusive' ? 'inconclusive' : 'allAgree' },
    inputs: {
      typeFinder: { typeCode: 'INTJ' },
      nardi: { typeCode: 'INTJ', consistency: 10, dichotPref: copy(SAMPLE_DICHOT_PREF), temperaments: copy(SAMPLE_TEMPERAMENTS) as never },
      selfAssessment: { status: 'completed', personalityType: 'INTJ', confidence: '< 80%' },
      ...(mbti ? { mbti: { wholeType: mbti } } : {}),
    },
    computedAt: new Date().toISOString(),
  };
}

/** The text of a PDF as a reader extracts it (poppler's pdftotext), whitespace collapsed. */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'final-report-'));
  try {
    fs.writeFileSync(path.join(dir, 'report.pdf'), pdf);
    return execFileSync('pdftotext', [path.join(dir, 'report.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Collects a response body as bytes (supertest's parser signature). */
function binaryParser(res: request.Response, callback: (err: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('svc-reports: the Nardi report and the final report', () => {
  const testEnv = serviceTestEnv('reports-flow');
  const config = loadReportsConfig(testEnv.env);
  const { logger, lines } = memoryLogger('debug', 'svc-reports');
  let svc: RunningReports;
  let probe: ProbeQueue;
  const seen: CloudEventEnvelope[] = [];

  beforeAll(async () => {
    svc = await start(config, { logger });
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, 'reports.#');
  });

  afterAll(async () => {
    await probe?.close();
    await svc?.stop();
    await testEnv.cleanup();
  });

  const reports = () => svc.ctx.db.collection<ReportDocument>(REPORTS_COLLECTION);
  const files = () => svc.ctx.db.collection(FINAL_REPORT_FILES_COLLECTION);
  const inbox = () => svc.ctx.db.collection('inbox');
  const nardiReport = (pgId: string) => request(svc.url).post('/api/user/nardi/report').send({ pgId });
  const finalReport = (pgId: string) => request(svc.url).get(`/api/user/report/${pgId}`).buffer(true).parse(binaryParser);

  function event(type: string, pgId: string, data: unknown, time = new Date()): CloudEvent {
    return createEvent({ type, source: type.startsWith('scoring.') ? 'svc-scoring' : 'svc-participants', subject: pgId, data, time });
  }

  async function send(...events: CloudEvent[]): Promise<void> {
    for (const e of events) await svc.ctx.broker.publish(e);
    for (const e of events) await waitFor(() => inbox().findOne({ _id: e.id as never }), `event ${e.type} handled`, 20_000);
  }

  async function generated(pgId: string, count: number): Promise<CloudEventEnvelope[]> {
    await waitFor(async () => {
      while (seen.filter((e) => e.subject === pgId).length < count) seen.push((await probe.next(15_000)) as CloudEventEnvelope);
      return true;
    }, `${count} report events for ${pgId}`, 20_000);
    return seen.filter((e) => e.subject === pgId);
  }

  const consented = (pgId: string) => event(EventTypes.participantConsented, pgId, { snpFileUploaded: true, reauthorized: false });
  const nardiCompleted = (pgId: string, completedAt: Date, scores: unknown = SCORES) =>
    event(EventTypes.nardiCompleted, pgId, { typeCode: 'INFJ', consistency: 6, selectedTemperament: 'NF', selectedFP: 'NFJ', completedAt: completedAt.toISOString(), scores });

  describe('POST /api/user/nardi/report', () => {
    it('answers 404 for a study ID it has never heard of, 400 for a bad body, 409 before the Nardi survey is completed', async () => {
      expect((await nardiReport(newPgId()).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
      expect((await request(svc.url).post('/api/user/nardi/report').send({ pgId: 'x' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      const pgId = newPgId();
      await send(consented(pgId));
      const res = await nardiReport(pgId).expect(409);
      expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'NARDI_REPORT_NOT_READY', error: NARDI_REPORT_NOT_READY_MESSAGE });
    });

    it('builds the report from scoring.nardi.completed.v1, stores it, and answers the stored one again', async () => {
      const pgId = newPgId();
      await send(consented(pgId), nardiCompleted(pgId, new Date()));
      const res = await nardiReport(pgId.toUpperCase()).expect(200);
      const report = nardiReportSchema.parse(res.body);
      expect(report).toMatchObject({
        pgId,
        status: 'completed',
        topTypes: [{ code: 'INTJ', score: 19, outOf: 25, rank: 1 }, { code: 'ENTJ' }, { code: 'INFJ' }],
        functionalPairs: [{ code: 'NTJ', selected: false }, { code: 'NFJ', selected: true }],
        favourite: { typeCode: 'INFJ', temperament: 'NF Catalyst', interactionStyle: 'Chart-the-Course' },
        consistency: { score: 6, outOf: 10 },
      });
      expect(report.dichotomies.map(({ label, left, right }) => `${label} ${left.score}/${left.percent}% ${right.score}/${right.percent}%`)).toEqual([
        'E/I 92/46% 108/54%',
        'S/N 84/42% 116/58%',
        'T/F 114/57% 86/43%',
        'J/P 110/55% 90/45%',
      ]);
      const { pgId: _pgId, status: _status, generatedAt: _generatedAt, ...built } = report;
      // Kept as its JSON text.
      const kept = (await reports().findOne({ _id: pgId }))?.nardiReport?.report;
      expect(typeof kept).toBe('string');
      expect(storedNardiReport(kept!)).toEqual(built);
      expect((await nardiReport(pgId).expect(200)).body).toEqual(res.body);
    });

    it('answers a clear 422, not a 500, for stored scores with a dichotomy of 0 or an unknown code', async () => {
      const zero = newPgId();
      await send(nardiCompleted(zero, new Date(), { ...SCORES, dichotPref: { ...SCORES.dichotPref, E: 0, I: 200 } }));
      const res = await nardiReport(zero).expect(422);
      expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'ZERO_DICHOTOMY', error: expect.stringMatching(/dichotomous preference E is 0/) });

      const unknown = newPgId();
      await send(nardiCompleted(unknown, new Date()));
      await writeAsService<unknown, ReportDocument>(svc.ctx, REPORTS_COLLECTION, unknown, (collection) => collection.updateOne({ _id: unknown }, { $set: { 'nardi.result.selectedFP': 'QQQ' } }));
      const bad = await nardiReport(unknown).expect(422);
      expect(errorBodySchema.parse(bad.body)).toMatchObject({ code: 'UNKNOWN_CODE', error: expect.stringMatching(/Unknown functional pair 'QQQ'/) });
    });

    it('forgets the report on participants.surveys.reset.v1, and a result from before the reset stays out', async () => {
      const pgId = newPgId();
      const completedAt = new Date(Date.now() - 5000);
      await send(nardiCompleted(pgId, completedAt));
      await nardiReport(pgId).expect(200);
      await send(event(EventTypes.surveysReset, pgId, { surveys: ['selfAssessment', 'nardi', 'typeFinder', 'mbti'] }));
      expect((await nardiReport(pgId).expect(409)).body.code).toBe('NARDI_REPORT_NOT_READY');
      expect((await reports().findOne({ _id: pgId }))?.nardiReport).toBeUndefined();
      await send(nardiCompleted(pgId, completedAt));
      expect((await nardiReport(pgId).expect(409)).body.code).toBe('NARDI_REPORT_NOT_READY');
    });
  });

  describe('GET /api/user/report/{pgId}', () => {
    it('answers 400 for a path that is not a study ID, 404 for one never heard of, 409 JSON before the final score', async () => {
      expect((await request(svc.url).get('/api/user/report/not-a-uuid').expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await request(svc.url).get(`/api/user/report/${newPgId()}`).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
      const pgId = newPgId();
      await send(consented(pgId));
      const res = await request(svc.url).get(`/api/user/report/${pgId}`).expect(409);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'FINAL_REPORT_NOT_READY', error: FINAL_REPORT_NOT_READY_MESSAGE });
    });

    it('renders the PDF when the score is finalized, publishes reports.report.generated.v2 carrying that PDF, and serves it as Final Report.pdf', async () => {
      const pgId = newPgId();
      await send(consented(pgId), event(EventTypes.scoreFinalized, pgId, finalized(1)));
      const [gen] = await generated(pgId, 1);
      expect(gen?.type).toBe(EventTypes.reportGeneratedV2);
      const data = reportGeneratedV2DataSchema.parse(gen?.data);
      expect(data).toMatchObject({ report: 'final', scoreVersion: 1, typeCode: 'INTJ', contentType: 'application/pdf' });
      expect(gen?.source).toBe('svc-reports');
      const carried = Buffer.from(data.pdf, 'base64');
      expect(carried.length).toBe(data.byteLength);
      expect(createHash('sha256').update(carried).digest('hex')).toBe(data.sha256);
      // Tens of kilobytes as base64 in the event's JSON text (what the outbox stores and the broker carries).
      const eventBytes = Buffer.byteLength(JSON.stringify(gen));
      expect(eventBytes).toBeLessThan(300_000);
      console.log(`reports.report.generated.v2: ${eventBytes} bytes of JSON for a PDF of ${data.byteLength} bytes`);

      const res = await finalReport(pgId).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Final Report.pdf"');
      const pdf = res.body as Buffer;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBe(data.byteLength);
      expect(pdf.equals(carried)).toBe(true);
      const text = pdfText(pdf);
      expect(text).toContain('INTJ');
      expect(text).toContain('The Independent Designer');
      expect(text).toContain(pgId);
      expect(await files().countDocuments({ pgId })).toBe(1);
    });

    it('stores one PDF for two identical score-finalized deliveries (and for the same version under another id)', async () => {
      const pgId = newPgId();
      const once = event(EventTypes.scoreFinalized, pgId, finalized(1));
      await svc.ctx.broker.publish(once);
      await svc.ctx.broker.publish(once);
      const again = createEvent({ type: once.type, source: once.source, subject: pgId, data: once.data });
      await send(once, again);
      await waitFor(() => lines().find((l) => l.eventId === once.id && l.msg === 'event already handled; acknowledged without handling'), 'the copy to be skipped');
      await generated(pgId, 1);
      expect(await files().countDocuments({ pgId })).toBe(1);
      expect(lines().filter((l) => l.msg === 'final report stored' && l.participant === loggedParticipant(pgId))).toHaveLength(1);
      // Nothing else was published for this participant.
      await waitFor(async () => ((await reports().findOne({ _id: pgId }))?.outbox ?? []).length === 0, 'the outbox to be published');
      const more = await probe.next(500).catch(() => undefined);
      if (more) seen.push(more as CloudEventEnvelope);
      expect(seen.filter((e) => e.subject === pgId)).toHaveLength(1);
    });

    it('replaces the PDF when the score changes, ignores an older version arriving late, and clears it on scoring.score.cleared.v1', async () => {
      const pgId = newPgId();
      await send(event(EventTypes.scoreFinalized, pgId, finalized(1)));
      await generated(pgId, 1);
      await send(event(EventTypes.scoreFinalized, pgId, finalized(2, 'Inconclusive', 'ENTJ')));
      const [, second] = await generated(pgId, 2);
      expect(reportGeneratedV2DataSchema.parse(second?.data)).toMatchObject({ scoreVersion: 2, typeCode: 'Inconclusive' });
      expect(await files().find({ pgId }).project({ version: 1, _id: 0 }).toArray()).toEqual([{ version: 2 }]);
      const text = pdfText((await finalReport(pgId).expect(200)).body as Buffer);
      expect(text).toContain('Inconclusive');
      expect(text).toContain('Official MBTI assessment ENTJ');

      await send(event(EventTypes.scoreFinalized, pgId, finalized(1)));
      expect((await reports().findOne({ _id: pgId }))?.finalScore?.version).toBe(2);

      await send(event(EventTypes.scoreCleared, pgId, { version: 3, reason: 'reset', clearedAt: new Date().toISOString() }));
      const doc = await reports().findOne({ _id: pgId });
      expect(doc).toMatchObject({ scoreVersion: 3 });
      expect(doc?.finalScore).toBeUndefined();
      expect(doc?.finalReport).toBeUndefined();
      expect(await files().countDocuments({ pgId })).toBe(0);
      expect((await request(svc.url).get(`/api/user/report/${pgId}`).expect(409)).body.code).toBe('FINAL_REPORT_NOT_READY');
    });

    it('serves a stored PDF by reading only: no lock taken, no write, no event', async () => {
      const pgId = newPgId();
      await send(event(EventTypes.scoreFinalized, pgId, finalized(1)));
      await generated(pgId, 1);
      await waitFor(async () => ((await reports().findOne({ _id: pgId }))?.outbox ?? []).length === 0, 'the outbox to be published');
      const before = await reports().findOne({ _id: pgId });
      // Another holder of the report document's lock does not hold up a read.
      let held = false;
      let release = () => {};
      const released = svc.ctx.lock.run(reportLockKey(pgId), async () => {
        held = true;
        await new Promise<void>((resolve) => (release = resolve));
        held = false;
      });
      try {
        await waitFor(() => held, 'the lock to be held');
        await finalReport(pgId).expect(200);
        expect(held).toBe(true);
      } finally {
        release();
        await released;
      }
      expect(await reports().findOne({ _id: pgId })).toEqual(before);
    });

    it('answers 409 with Retry-After while the PDF of a fresh score is being made, and makes it itself once long overdue', async () => {
      const pgId = newPgId();
      const fresh = finalized(4, 'ENFP');
      await reports().insertOne({ _id: pgId, scoreVersion: 4, finalScore: { ...fresh, computedAt: new Date() } });
      const res = await request(svc.url).get(`/api/user/report/${pgId}`).expect(409);
      expect(res.headers['retry-after']).toBe('2');
      expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'FINAL_REPORT_NOT_READY', error: FINAL_REPORT_BEING_MADE_MESSAGE });
      expect(await files().countDocuments({ pgId })).toBe(0);

      // Its event never made it (parked, say): past RENDER_ON_DEMAND_AFTER_MS the request makes it, once.
      await writeAsService<unknown, ReportDocument>(svc.ctx, REPORTS_COLLECTION, pgId, (collection) =>
        collection.updateOne({ _id: pgId }, { $set: { 'finalScore.computedAt': new Date(Date.now() - RENDER_ON_DEMAND_AFTER_MS - 1_000) } }),
      );
      const made = await finalReport(pgId).expect(200);
      expect(pdfText(made.body as Buffer)).toContain('ENFP');
      expect(await files().countDocuments({ pgId, version: 4 })).toBe(1);
      const [gen] = await generated(pgId, 1);
      expect(reportGeneratedV2DataSchema.parse(gen?.data)).toMatchObject({ scoreVersion: 4, typeCode: 'ENFP' });
    });

    it('deletes the reports on participants.participant.erased.v1; a late event does not bring them back; the calls answer 404', async () => {
      const pgId = newPgId();
      await send(consented(pgId), nardiCompleted(pgId, new Date()), event(EventTypes.scoreFinalized, pgId, finalized(1)));
      await generated(pgId, 1);
      await send(event(EventTypes.participantErased, pgId, { erasedAt: new Date().toISOString() }));
      expect(await reports().countDocuments({ _id: pgId })).toBe(0);
      expect(await files().countDocuments({ pgId })).toBe(0);
      await send(event(EventTypes.scoreFinalized, pgId, finalized(2)), nardiCompleted(pgId, new Date()));
      expect(await reports().countDocuments({ _id: pgId })).toBe(0);
      expect(await files().countDocuments({ pgId })).toBe(0);
      expect((await request(svc.url).get(`/api/user/report/${pgId}`).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
      expect((await nardiReport(pgId).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
    });
  });
});
