import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import {
  errorBodySchema,
  EventTypes,
  finalScoreResponseSchema,
  nardiReportSchema,
  participantResultsSchema,
  type ParticipantResults,
  userViewSchema,
  type CloudEventEnvelope,
  type SurveyInput,
  type UserView,
} from '@study/contracts';
import { createEvent, type CloudEvent } from '@study/event-bus';
import { SAMPLE_ANSWERS } from '@study/personality/testing';
import { memoryLogger, metricValue, probeQueue, serviceTestEnv, waitFor, type ProbeQueue } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadOpenHumansConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { createTypeFinderStandin, loadConfig as loadTypeFinderConfig, SIGNATURE_HEADER, signBody, type TypeFinderStandin } from '@study/standin-typefinder';
import { start, type RunningParticipants } from './app';
import type { ParticipantsConfig } from './config';
import { participantsTestConfig } from './test-support/participants-test-config';
import { OPEN_STREAMS_METRIC } from './entry-points/http/results-stream-routes';
import { PARTICIPANTS_COLLECTION, type ParticipantDocument } from './data-access/participants-repository';
import { freePort } from '@study/test-infra';
import { removeSiblingLeftovers, startSiblingService, type SiblingService } from './test-support/sibling-services';
import { consentThroughStudy } from './test-support/consent-agreement';

/**
 * Results, computed asynchronously: svc-participants (here), svc-scoring and svc-reports (their
 * own processes, as deployed) on one exchange, driven through the HTTP API as the frontends do.
 */

const OH_CLIENT_ID = 'study-client';
const OH_CLIENT_SECRET = 'study-secret-123';
const OH_WEBHOOK_SECRET = 'hook-secret-for-tests';
const TF_SECRET = 'typefinder-secret-for-tests';
const HOST = 'study.example.org';
const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
const INTJ_QUIZ = { energy: 'I', information: 'N', decisions: 'T', lifestyle: 'J' };

function nardi(status: string, fields: Record<string, unknown> = {}): SurveyInput {
  return { id: 'nardi', status, index: 24, answers: ANSWERS, ...fields } as SurveyInput;
}

function selfAssessment(personalityType: string, confidence: string): SurveyInput {
  return {
    id: 'selfAssessment',
    status: 'completed',
    index: 3,
    answers: [
      { id: 'personalityType', value: personalityType },
      { id: 'typeSource', value: ['Read'] },
      { id: 'confidence', value: confidence },
      { id: 'experience', value: 'Beginner' },
    ],
  } as SurveyInput;
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

jest.setTimeout(60_000);

describe('Results, computed asynchronously (svc-participants, svc-scoring and svc-reports on one exchange)', () => {
  const testEnv = serviceTestEnv('participants-results');
  const scoringNames = serviceTestEnv('svc-scoring');
  const reportsNames = serviceTestEnv('svc-reports');
  const { logger } = memoryLogger('info', 'svc-participants');
  let openHumans: OpenHumansStandin;
  let ohUrl: string;
  let typeFinder: TypeFinderStandin;
  let scoring: SiblingService;
  let reports: SiblingService | undefined;
  let config: ParticipantsConfig;
  let svc: RunningParticipants;
  let probe: ProbeQueue;
  let mongo: MongoClient;
  const published: CloudEventEnvelope[] = [];

  const reportsEnv = () => ({ ...reportsNames.env, EVENTS_EXCHANGE: config.EVENTS_EXCHANGE, LOG_LEVEL: 'info' });
  const startReports = async () => {
    reports = await startSiblingService('svc-reports', reportsEnv());
    return reports;
  };

  beforeAll(async () => {
    const port = await freePort();
    const studyUrl = `http://127.0.0.1:${port}`;
    openHumans = createOpenHumansStandin(
      loadOpenHumansConfig({
        PORT: '0',
        CLIENT_ID: OH_CLIENT_ID,
        CLIENT_SECRET: OH_CLIENT_SECRET,
        DEAUTH_WEBHOOK_URL: `${studyUrl}/api/openhumans/deauthorize`,
        WEBHOOK_SECRET: OH_WEBHOOK_SECRET,
      }),
    );
    ohUrl = (await openHumans.start()).url;
    typeFinder = createTypeFinderStandin(loadTypeFinderConfig({ PORT: '0', STUDY_WEBHOOK_URL: `${studyUrl}/api/typefinder/results`, WEBHOOK_SECRET: TF_SECRET }), {
      log: () => undefined,
    });
    config = participantsTestConfig(testEnv.env, {
      PORT: String(port),
      OH_BASE_URL: ohUrl,
      OH_CLIENT_ID,
      OH_CLIENT_SECRET,
      OH_WEBHOOK_SECRET,
      STUDY_EMAIL_HOST: HOST,
      TYPEFINDER_WEBHOOK_SECRET: TF_SECRET,
      RESET_SURVEYS: '1',
    });
    svc = await start(config, { logger });
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, '#');
    [scoring] = await Promise.all([
      startSiblingService('svc-scoring', { ...scoringNames.env, EVENTS_EXCHANGE: config.EVENTS_EXCHANGE, LOG_LEVEL: 'info' }),
      startReports(),
    ]);
    mongo = await MongoClient.connect(config.MONGO_URL);
  });

  afterAll(async () => {
    await probe?.close();
    await reports?.stop();
    await scoring?.stop();
    await svc?.stop();
    await openHumans?.stop();
    await mongo?.close();
    await removeSiblingLeftovers({ mongoUrl: config.MONGO_URL, amqpUrl: config.AMQP_URL }, config.EVENTS_EXCHANGE, [scoringNames, reportsNames]);
    await testEnv.cleanup();
  });

  // ---- helpers -------------------------------------------------------------------------------

  async function consent(): Promise<string> {
    return (await consentThroughStudy(svc.url)).pgId;
  }

  const studyEmail = (pgId: string) => `${pgId}@${HOST}`;
  const view = async (pgId: string): Promise<UserView> => userViewSchema.parse((await request(svc.url).post('/api/user').send({ pgId }).expect(200)).body);
  const save = (pgId: string, survey: unknown) => request(svc.url).post('/api/user/survey').send({ pgId, survey }).expect(200);
  const finalScore = (pgId: string) => request(scoring.url).post('/api/user/survey/final').send({ pgId });
  const nardiReport = (pgId: string) => request(requireReports().url).post('/api/user/nardi/report').send({ pgId });
  const finalReport = (pgId: string) => request(requireReports().url).get(`/api/user/report/${pgId}`).buffer(true).parse(binaryParser);
  const scoringDb = () => mongo.db(scoringNames.dbName);
  const reportsDb = () => mongo.db(reportsNames.dbName);

  function requireReports(): SiblingService {
    if (!reports) throw new Error('svc-reports is not running');
    return reports;
  }

  /** The TypeFinder test through the stand-in widget (its signed webhook), or a signed result of any type; then Submit Results. */
  async function typeFinderTest(pgId: string, typeCode?: string): Promise<void> {
    if (typeCode) {
      const raw = JSON.stringify({ email: studyEmail(pgId), typeCode });
      await request(svc.url).post('/api/typefinder/results').set('content-type', 'application/json').set(SIGNATURE_HEADER, signBody(raw, TF_SECRET)).send(raw).expect(200);
    } else {
      await request(typeFinder.app).post('/widget').type('form').send({ email: studyEmail(pgId), ...INTJ_QUIZ }).expect(200);
    }
    await request(svc.url).post('/api/user/tfresult').send({ pgId }).expect(200);
  }

  /** Nardi over the API: part one, then the three choices (NT, NTJ, INTJ: the sample answers' best fit). */
  async function nardiSurvey(pgId: string): Promise<void> {
    await save(pgId, nardi('part-one'));
    await save(pgId, nardi('part-two', { selectedTemperament: 'NT' }));
    await save(pgId, nardi('part-three', { selectedTemperament: 'NT', selectedFP: 'NTJ' }));
    await save(pgId, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }));
  }

  async function declineSelfAssessment(pgId: string): Promise<void> {
    await request(svc.url).post('/api/user/survey/upd').send({ pgId, update: { selfAssessment: { status: 'rejected' } } }).expect(200);
  }

  /** POST /api/user once the dashboard shows what `ready` waits for. */
  function viewWhen(pgId: string, ready: (user: UserView) => boolean, what: string): Promise<UserView> {
    return waitFor(async () => {
      const user = await view(pgId);
      return ready(user) ? user : undefined;
    }, what, 30_000);
  }

  async function eventOf(type: string, pgId: string): Promise<CloudEventEnvelope> {
    return waitFor(async () => {
      const found = published.find((e) => e.type === type && e.subject === pgId);
      if (found) return found;
      published.push((await probe.next(20_000)) as CloudEventEnvelope);
      return undefined;
    }, `a ${type} event for ${pgId}`, 30_000);
  }

  /** GET /api/user/events/{pgId} as a browser reads it: every `results` message, in order. */
  async function resultStream(pgId: string) {
    const received: ParticipantResults[] = [];
    const req = http.get(`${svc.url}/api/user/events/${pgId}`);
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const data = lines.find((line) => line.startsWith('data: '));
        if (lines.includes('event: results') && data) received.push(participantResultsSchema.parse(JSON.parse(data.slice('data: '.length))));
      }
    });
    return {
      res,
      received,
      until: (ready: (results: ParticipantResults) => boolean, what: string) => waitFor(() => received.find(ready), what, 30_000),
      close: () => req.destroy(),
    };
  }

  /** The result streams svc-participants has open, as GET /metrics says. */
  const openStreams = async () => metricValue((await request(svc.url).get('/metrics').expect(200)).text, OPEN_STREAMS_METRIC, { service: 'svc-participants' });

  /** POST /api/user/survey/final as the screens ask it: once the dashboard's data shows the score. */
  async function finalScoreOnceShown(pgId: string): Promise<request.Response> {
    await viewWhen(pgId, (u) => u.finalScore !== null, 'the final score on the dashboard');
    return finalScore(pgId).expect(200);
  }

  const reportFiles = (pgId: string) => reportsDb().collection('final-report-files').countDocuments({ pgId });

  // ---- the whole flow ------------------------------------------------------------------------

  describe('one participant, start to finish', () => {
    let pgId: string;

    beforeAll(async () => {
      pgId = await consent();
    });

    it('before the surveys are done: 409s that say what is missing, and no final score on the dashboard', async () => {
      // Scoring heard of the participant through the consent event; until then it would not know the study ID.
      await waitFor(async () => (await finalScore(pgId)).status === 409, 'scoring to know the participant', 20_000);
      const score = errorBodySchema.parse((await finalScore(pgId).expect(409)).body);
      expect(score).toMatchObject({ code: 'FINAL_SCORE_NOT_READY', error: expect.stringContaining('complete the TypeFinder test, complete the Nardi Personality Indicator and complete or decline the self-assessment') });
      await waitFor(async () => (await finalReport(pgId)).status === 409, 'reports to know the participant', 20_000);
      expect(errorBodySchema.parse((await request(requireReports().url).get(`/api/user/report/${pgId}`).expect(409)).body).code).toBe('FINAL_REPORT_NOT_READY');
      expect(errorBodySchema.parse((await nardiReport(pgId).expect(409)).body).code).toBe('NARDI_REPORT_NOT_READY');
      expect(await view(pgId)).toMatchObject({ finalScore: null, finalReport: null });
    });

    it('TypeFinder (webhook + Submit Results) and Nardi over the API: the stream says when part one is scored and shows the result; the Nardi report is ready, the final score still waits for the self-assessment', async () => {
      await typeFinderTest(pgId);
      expect(await openStreams()).toBe(0);
      const stream = await resultStream(pgId);
      try {
        expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        await stream.until((r) => !r.nardi.scored, 'the stream on connect');
        expect(await openStreams()).toBe(1);
        await save(pgId, nardi('part-one'));
        await stream.until((r) => r.nardi.scored, 'part one scored');
        // Asked once the stream says so, the owner answers at once.
        expect((await request(scoring.url).post('/api/user/nardi').send({ pgId }).expect(200)).body.typeCodes[0]).toEqual({ code: 'INTJ', score: 19, rank: 1 });
        await save(pgId, nardi('part-two', { selectedTemperament: 'NT' }));
        await save(pgId, nardi('part-three', { selectedTemperament: 'NT', selectedFP: 'NTJ' }));
        await save(pgId, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }));
        expect((await stream.until((r) => r.nardi.result !== null, 'the Nardi result')).nardi.result).toEqual({ typeCode: 'INTJ', consistency: 10 });
        expect((await request(scoring.url).post('/api/user/nardi/final').send({ pgId }).expect(200)).body).toEqual({ typeCode: 'INTJ', consistency: 10 });
        // What the stream showed is what the dashboard loads.
        expect((await view(pgId)).nardi).toMatchObject({ status: 'completed', typeCode: 'INTJ', consistency: 10 });
      } finally {
        stream.close();
      }
      await waitFor(async () => (await openStreams()) === 0, 'the closed stream no longer counted');
      // The reports hear of the result from the same event as svc-participants.
      await waitFor(async () => (await nardiReport(pgId)).status === 200, 'the Nardi report', 20_000);
      const res = await nardiReport(pgId).expect(200);
      const report = nardiReportSchema.parse(res.body);
      expect(report).toMatchObject({ pgId, status: 'completed', consistency: { score: 10, outOf: 10 }, favourite: { typeCode: 'INTJ' } });
      expect(report.topTypes.map(({ code, score }) => `${code} ${score}/25`)).toEqual(['INTJ 19/25', 'ENTJ 17/25', 'INFJ 16/25']);
      expect(report.functionalPairs).toEqual([expect.objectContaining({ code: 'NTJ', selected: true }), expect.objectContaining({ code: 'NFJ', selected: false })]);
      const score = await finalScore(pgId).expect(409);
      expect(score.body.error).toContain('Your final score is not ready yet: please complete or decline the self-assessment from your dashboard.');
    });

    it('the self-assessment completes it: the stream shows the final type and then the report; POST /api/user/survey/final then answers the score (no 409), POST /api/user shows both', async () => {
      const stream = await resultStream(pgId);
      try {
        await save(pgId, selfAssessment('intj', '85%'));
        const scored = await stream.until((r) => r.finalScore !== null, 'the final type on the stream');
        expect(scored).toMatchObject({ finalScore: { typeCode: 'INTJ' }, finalReport: null });
        await stream.until((r) => r.finalReport !== null, 'the report on the stream');
        // Only changes are sent: the type, then the report, each once.
        const finalTypes = stream.received.filter((r) => r.finalScore !== null);
        expect(finalTypes.map((r) => r.finalReport === null)).toEqual([true, false]);
      } finally {
        stream.close();
      }
      const res = await finalScore(pgId).expect(200);
      const score = finalScoreResponseSchema.parse(res.body);
      expect(score.typeCode).toBe('INTJ');
      const user = await viewWhen(pgId, (u) => u.finalReport != null, 'the final report on the dashboard');
      expect(user.finalScore).toEqual({ typeCode: 'INTJ', computedAt: score.computedAt });
      expect(user.finalReport).toEqual({ generatedAt: expect.any(String) });
      const finalized = await eventOf(EventTypes.scoreFinalized, pgId);
      expect(finalized).toMatchObject({ source: 'svc-scoring', data: { typeCode: 'INTJ', version: 1, decidedBy: { basis: 'allAgree' } } });
    });

    it('GET /api/user/report/{pgId} downloads the PDF holding the final type and the study ID', async () => {
      const res = await finalReport(pgId.toUpperCase()).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Final Report.pdf"');
      const text = pdfText(res.body as Buffer);
      expect(text).toContain('INTJ');
      expect(text).toContain('The Independent Designer');
      expect(text).toContain(pgId);
      expect(text).toContain('Nardi Personality Indicator INTJ');
    });

    it('two identical score-finalized deliveries (and a copy under a new id) leave one stored PDF', async () => {
      const finalized = await eventOf(EventTypes.scoreFinalized, pgId);
      const copy = finalized as unknown as CloudEvent;
      await svc.ctx.broker.publish(copy);
      await svc.ctx.broker.publish(createEvent({ type: copy.type, source: copy.source, subject: copy.subject, data: copy.data }));
      // A consent of somebody else: svc-reports handles it, so it leaves an inbox entry.
      const marker = createEvent({ type: EventTypes.participantConsented, source: 'svc-participants', subject: randomUUID(), data: { snpFileUploaded: false, reauthorized: false } });
      await svc.ctx.broker.publish(marker);
      // The queue is worked in order of arrival, in batches: once the later marker is handled, the copies were too.
      await waitFor(() => reportsDb().collection('inbox').findOne({ _id: marker.id as never }), 'svc-reports to reach the marker', 20_000);
      await waitFor(async () => ((await reportsDb().collection('reports').findOne({ _id: pgId as never }))?.outbox ?? []).length === 0, 'the reports outbox to empty');
      expect(await reportFiles(pgId)).toBe(1);
      expect(await reportsDb().collection('final-report-files').findOne({ pgId })).toMatchObject({ version: 1, contentType: 'application/pdf' });
    });

    it('a reset clears the final score and the reports everywhere', async () => {
      const res = await request(svc.url).post('/api/user/reset').send({ pgId }).expect(200);
      expect(userViewSchema.parse(res.body)).toMatchObject({ finalScore: null, finalReport: null });
      const cleared = await eventOf(EventTypes.scoreCleared, pgId);
      expect(cleared).toMatchObject({ source: 'svc-scoring', data: { version: 2, reason: 'reset' } });
      await waitFor(async () => (await reportFiles(pgId)) === 0, 'svc-reports to delete the PDF', 20_000);
      expect((await request(requireReports().url).get(`/api/user/report/${pgId}`).expect(409)).body.code).toBe('FINAL_REPORT_NOT_READY');
      expect((await nardiReport(pgId).expect(409)).body.code).toBe('NARDI_REPORT_NOT_READY');
      expect((await finalScore(pgId).expect(409)).body.code).toBe('FINAL_SCORE_NOT_READY');
      expect(await view(pgId)).toMatchObject({ finalScore: null, finalReport: null });
      expect((await svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION).findOne({ _id: pgId }))?.finalScoreVersion).toBe(2);
    });

    it('done again after the reset: a new version, a new report', async () => {
      await typeFinderTest(pgId);
      await nardiSurvey(pgId);
      await declineSelfAssessment(pgId);
      expect((await finalScoreOnceShown(pgId)).body.typeCode).toBe('INTJ');
      const user = await viewWhen(pgId, (u) => u.finalReport != null, 'the new report on the dashboard');
      expect(user.finalScore?.typeCode).toBe('INTJ');
      expect(await reportsDb().collection('final-report-files').find({ pgId }).project({ _id: 0, version: 1 }).toArray()).toEqual([{ version: 3 }]);
      expect(pdfText((await finalReport(pgId).expect(200)).body as Buffer)).toContain('Self-assessment Declined');
    });

    it('erasure deletes the final score and the reports; the calls answer 404', async () => {
      const participant = await svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION).findOne({ _id: pgId });
      const memberId = participant?.openHumans?.memberId as string;
      const left = await fetch(`${ohUrl}/_standin/members/${memberId}/deauthorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ erasure_requested: true }),
      });
      expect(left.status).toBe(200);
      await waitFor(async () => (await scoringDb().collection('scores').countDocuments({ _id: pgId as never })) === 0, 'scoring to erase', 20_000);
      await waitFor(async () => (await reportsDb().collection('reports').countDocuments({ _id: pgId as never })) === 0, 'reports to erase', 20_000);
      // A PDF being rendered when the erasure landed is removed as soon as its registration sees the erasure.
      await waitFor(async () => (await reportFiles(pgId)) === 0, 'the report files to go', 20_000);
      expect((await finalScore(pgId).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
      expect((await request(requireReports().url).get(`/api/user/report/${pgId}`).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
      expect((await nardiReport(pgId).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
      expect((await request(svc.url).post('/api/user').send({ pgId }).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
    });
  });

  // ---- svc-reports down ----------------------------------------------------------------------

  it('with svc-reports stopped the score is still finalized; once it starts again the PDF appears (the event waited in its queue)', async () => {
    await requireReports().stop();
    reports = undefined;
    const pgId = await consent();
    await typeFinderTest(pgId);
    await nardiSurvey(pgId);
    await save(pgId, selfAssessment('INTJ', '90%'));
    expect((await finalScoreOnceShown(pgId)).body.typeCode).toBe('INTJ');
    const user = await viewWhen(pgId, (u) => u.finalScore !== null, 'the final score on the dashboard');
    expect(user.finalReport).toBeNull();
    expect(await reportFiles(pgId)).toBe(0);

    await startReports();
    const withReport = await viewWhen(pgId, (u) => u.finalReport != null, 'the final report once svc-reports is back');
    expect(withReport.finalScore?.typeCode).toBe('INTJ');
    expect(await reportFiles(pgId)).toBe(1);
    expect(pdfText((await finalReport(pgId).expect(200)).body as Buffer)).toContain(pgId);
  });

  // ---- Inconclusive --------------------------------------------------------------------------

  it.each([
    ['self-assessment completed, results differ, under 80% sure', undefined, (pgId: string) => save(pgId, selfAssessment('ENFP', '< 80%')), 'Inconclusive'],
    ['self-assessment completed, results agree, under 80% sure', undefined, (pgId: string) => save(pgId, selfAssessment('INTJ', '< 80%')), 'INTJ'],
    ['self-assessment completed, results differ, 80% sure', undefined, (pgId: string) => save(pgId, selfAssessment('ENFP', '80%')), 'ENFP'],
    // TF ESTJ, NA INTJ: each letter a tie without MB, decided by Nardi's higher scores (I, N, T, J).
    ['self-assessment declined, results differ', 'ESTJ', (pgId: string) => declineSelfAssessment(pgId), 'INTJ'],
  ])("'Inconclusive' exactly in the allowed case, end to end: %s", async (_case, typeFinderType, lastStep, expected) => {
    const pgId = await consent();
    await typeFinderTest(pgId, typeFinderType);
    await nardiSurvey(pgId);
    await lastStep(pgId);
    expect((await finalScoreOnceShown(pgId)).body.typeCode).toBe(expected);
    const user = await viewWhen(pgId, (u) => u.finalReport != null, 'the final score and report on the dashboard');
    expect(user.finalScore?.typeCode).toBe(expected);
    const text = pdfText((await finalReport(pgId).expect(200)).body as Buffer);
    expect(text).toContain(expected);
    if (expected === 'Inconclusive') expect(text).toContain('less than 80% sure');
  });
});
