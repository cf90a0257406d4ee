import { connect as amqpConnect } from 'amqplib';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import {
  errorBodySchema,
  EventTypes,
  nardiScoresSchema,
  TYPEFINDER_NO_MATCH_MESSAGE,
  typeFinderImportResponseSchema,
  userViewSchema,
  type CloudEventEnvelope,
  type SurveyInput,
} from '@study/contracts';
import { consumerTopology, createEvent } from '@study/event-bus';
import { SAMPLE_ANSWERS, SAMPLE_SCORES } from '@study/personality/testing';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor, type ProbeQueue } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadOpenHumansConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { createTypeFinderStandin, loadConfig as loadTypeFinderConfig, SIGNATURE_HEADER, signBody, type TypeFinderStandin } from '@study/standin-typefinder';
import { start, type RunningParticipants } from './app';
import type { ParticipantsConfig } from './config';
import { participantsTestConfig } from './test-support/participants-test-config';
import { PARTICIPANTS_COLLECTION, ParticipantsRepository, type ParticipantDocument } from './data-access/participants-repository';
import { TYPEFINDER_INBOX_COLLECTION } from './data-access/typefinder-inbox-repository';
import { newParticipant } from './domain/participant';
import { freePort } from '@study/test-infra';
import { startSiblingService, type SiblingService } from './test-support/sibling-services';
import { consentThroughStudy } from './test-support/consent-agreement';
import { startAuthorization } from './test-support/open-humans-browser';

const OH_CLIENT_ID = 'study-client';
const OH_CLIENT_SECRET = 'study-secret-123';
const OH_WEBHOOK_SECRET = 'hook-secret-for-tests';
const TF_SECRET = 'typefinder-secret-for-tests';
const ADMIN_KEY = 'ef022f255319f40e489a6cb83b1c6a5293e68292ea1d2810039999b69b1243b0';
const HOST = 'study.example.org';

const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
const SELF_ASSESSMENT_ANSWERS = [
  { id: 'personalityType', value: 'intj' },
  { id: 'typeSource', value: ['Read', { value: 'Other', extValue: 'A coach typed me' }] },
  { id: 'confidence', value: '85%' },
  { id: 'experience', value: '> 5yrs' },
];
const INTJ_QUIZ = { energy: 'I', information: 'N', decisions: 'T', lifestyle: 'J' };

function nardi(status: string, fields: Record<string, unknown> = {}): SurveyInput {
  return { id: 'nardi', status, index: 24, answers: ANSWERS, ...fields } as SurveyInput;
}

describe('The three assessments and the MBTI step (svc-participants with svc-scoring and the stand-ins)', () => {
  const testEnv = serviceTestEnv('participants-assessments');
  const scoringNames = serviceTestEnv('svc-scoring');
  const { logger, lines } = memoryLogger('debug', 'svc-participants');
  let openHumans: OpenHumansStandin;
  let typeFinder: TypeFinderStandin;
  let scoring: SiblingService;
  let config: ParticipantsConfig;
  let svc: RunningParticipants;
  let probe: ProbeQueue;
  let mongo: MongoClient;

  beforeAll(async () => {
    // The stand-ins call the study's webhooks, so the study's address is chosen first.
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
    const ohUrl = (await openHumans.start()).url;
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
      ADMIN_MASTER_KEY: ADMIN_KEY,
      TYPEFINDER_WEBHOOK_SECRET: TF_SECRET,
    });
    svc = await start(config, { logger });
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, '#');
    // svc-scoring runs as deployed, its own process with its own database and queue, on this test's exchange.
    scoring = await startSiblingService('svc-scoring', { ...scoringNames.env, EVENTS_EXCHANGE: config.EVENTS_EXCHANGE, LOG_LEVEL: 'info' });
    mongo = await MongoClient.connect(config.MONGO_URL);
  });

  afterAll(async () => {
    await probe?.close();
    await scoring?.stop();
    await svc?.stop();
    await openHumans?.stop();
    await mongo?.db(scoringNames.dbName).dropDatabase();
    await mongo?.close();
    const connection = await amqpConnect(testEnv.env.AMQP_URL!);
    try {
      const channel = await connection.createChannel();
      const topology = consumerTopology(config.EVENTS_EXCHANGE, scoringNames.queue);
      for (const queue of [topology.queue, topology.deadLetterQueue, ...topology.retryQueues.map((r) => r.name)]) await channel.deleteQueue(queue);
      await channel.close();
    } finally {
      await connection.close();
    }
    await testEnv.cleanup();
  });

  // ---- helpers -------------------------------------------------------------------------------

  async function consent(member?: string): Promise<{ pgId: string; memberId: string }> {
    return consentThroughStudy(svc.url, { member });
  }

  const studyEmail = (pgId: string) => `${pgId}@${HOST}`;
  const view = async (pgId: string) => userViewSchema.parse((await request(svc.url).post('/api/user').send({ pgId }).expect(200)).body);
  const save = (pgId: string, survey: unknown) => request(svc.url).post('/api/user/survey').send({ pgId, survey });
  const update = (pgId: string, patch: unknown) => request(svc.url).post('/api/user/survey/upd').send({ pgId, update: patch });
  const claim = (pgId: string) => request(svc.url).post('/api/user/tfresult').send({ pgId });
  const scoringDb = () => mongo.db(scoringNames.dbName);

  function signedResults(body: unknown, signature?: string | null) {
    const raw = JSON.stringify(body);
    const req = request(svc.url).post('/api/typefinder/results').set('content-type', 'application/json');
    const header = signature === undefined ? signBody(raw, TF_SECRET) : signature;
    if (header !== null) req.set(SIGNATURE_HEADER, header);
    return req.send(raw);
  }

  /** Everything this service stores about participants and TypeFinder results (not the outbox in flight). */
  async function snapshot(): Promise<string> {
    const participants = await svc.ctx.db.collection(PARTICIPANTS_COLLECTION).find({}, { projection: { outbox: 0, outboxPending: 0, adminRowStale: 0 } }).sort({ _id: 1 }).toArray();
    const inbox = await svc.ctx.db.collection(TYPEFINDER_INBOX_COLLECTION).find({}).sort({ _id: 1 }).toArray();
    return JSON.stringify({ participants, inbox });
  }

  async function nextEvent(type: string, subject: string): Promise<CloudEventEnvelope> {
    return waitFor(async () => {
      const event = (await probe.next(15_000)) as CloudEventEnvelope;
      return event.type === type && event.subject === subject ? event : undefined;
    }, `a ${type} event for ${subject}`, 20_000);
  }

  /** Takes a participant through the TypeFinder test (the stand-in widget posts to the study) and Nardi. */
  async function finishTypeFinderAndNardi(pgId: string, choices = { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }) {
    await request(typeFinder.app).post('/widget').type('form').send({ email: studyEmail(pgId), ...INTJ_QUIZ }).expect(200);
    await claim(pgId).expect(200);
    await save(pgId, nardi('part-one')).expect(200);
    await save(pgId, nardi('part-two', { selectedTemperament: choices.selectedTemperament })).expect(200);
    await save(pgId, nardi('part-three', { selectedTemperament: choices.selectedTemperament, selectedFP: choices.selectedFP })).expect(200);
    await save(pgId, nardi('completed', choices)).expect(200);
  }

  // ---- the whole flow ------------------------------------------------------------------------

  describe('one participant, start to finish', () => {
    const PART_ONE_REQUEST_ID = 'test-part-one-save-0001';
    let pgId: string;

    beforeAll(async () => {
      ({ pgId } = await consent());
    });

    it('TypeFinder: no result yet answers 404 with the exact message', async () => {
      const before = await snapshot();
      const res = await claim(pgId).expect(404);
      expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'TYPEFINDER_NO_MATCH', error: TYPEFINDER_NO_MATCH_MESSAGE });
      expect(await snapshot()).toBe(before);
    });

    it('TypeFinder: the widget posts the signed result to the webhook; Submit Results completes the survey with it', async () => {
      const widget = await request(typeFinder.app).get('/widget').query({ email: studyEmail(pgId) }).expect(200);
      expect(widget.text).toContain(studyEmail(pgId));
      const sent = await request(typeFinder.app).post('/widget').type('form').send({ email: studyEmail(pgId).toUpperCase(), ...INTJ_QUIZ }).expect(200);
      expect(sent.text).toContain('Your results have been sent.');
      expect(await svc.ctx.db.collection(TYPEFINDER_INBOX_COLLECTION).findOne({ _id: studyEmail(pgId) as never })).toMatchObject({ typeCode: 'INTJ', source: 'webhook' });

      expect((await claim(pgId).expect(200)).body).toEqual({ typeCode: 'INTJ' });
      expect(await nextEvent(EventTypes.surveyCompleted, pgId)).toMatchObject({ source: 'svc-participants', data: { surveyId: 'typeFinder', status: 'completed', typeCode: 'INTJ' } });
      expect((await view(pgId)).typeFinder).toEqual({ id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'INTJ' });
      // Submitting again answers the stored result; a completed survey is not completed twice.
      expect((await claim(pgId).expect(200)).body).toEqual({ typeCode: 'INTJ' });
    });

    it('Nardi part one: saved with its 25 answers, which reach scoring by event', async () => {
      const res = await save(pgId, nardi('pending', { index: 3, answers: ANSWERS.slice(0, 3) })).expect(200);
      expect(userViewSchema.parse(res.body).nardi).toEqual({ id: 'nardi', status: 'pending', index: 3, answers: ANSWERS.slice(0, 3) });
      await save(pgId, nardi('part-one')).set('x-request-id', PART_ONE_REQUEST_ID).expect(200);
      // The save's request id reaches its event, which the use case never passed along.
      expect(await nextEvent(EventTypes.nardiAnswered, pgId)).toMatchObject({ data: { answers: ANSWERS }, correlationid: PART_ONE_REQUEST_ID });
      expect((await view(pgId)).nardi).toEqual({ id: 'nardi', status: 'part-one', index: 24, answers: ANSWERS });
    });

    it('POST /api/user/nardi (svc-scoring) answers the scores of the fixed answer set', async () => {
      // Right after the save: scoring waits for the event if it has not arrived yet.
      const res = await request(scoring.url).post('/api/user/nardi').send({ pgId }).expect(200);
      expect(nardiScoresSchema.parse(res.body)).toEqual(SAMPLE_SCORES);
      // Scoring's event carries on the save's request id, from the event it handled.
      expect(await nextEvent(EventTypes.nardiScored, pgId)).toMatchObject({ source: 'svc-scoring', data: SAMPLE_SCORES, correlationid: PART_ONE_REQUEST_ID });
    });

    it('Nardi parts two to four: a choice among the offers each time (whole saves and a patch), then completed', async () => {
      await save(pgId, nardi('part-two', { selectedTemperament: 'NT' })).expect(200);
      const three = await update(pgId, { nardi: { status: 'part-three', selectedFP: 'NTJ' } }).expect(200);
      expect(userViewSchema.parse(three.body).nardi).toMatchObject({ status: 'part-three', selectedTemperament: 'NT', selectedFP: 'NTJ' });
      const done = await save(pgId, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' })).expect(200);
      expect(userViewSchema.parse(done.body).nardi).toMatchObject({ id: 'nardi', status: 'completed', typeCode: 'INTJ', answers: [] });
      expect(await nextEvent(EventTypes.surveyCompleted, pgId)).toMatchObject({
        data: { surveyId: 'nardi', status: 'completed', typeCode: 'INTJ', answers: ANSWERS, selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' },
      });
    });

    it('POST /api/user/nardi/final answers the type and the consistency; POST /api/user then shows them', async () => {
      // Scoring owns the result and works it out from the completion event; the screen asks once the stream shows it.
      expect(await nextEvent(EventTypes.nardiCompleted, pgId)).toMatchObject({ source: 'svc-scoring', data: { typeCode: 'INTJ', consistency: 10 } });
      const res = await request(scoring.url).post('/api/user/nardi/final').send({ pgId }).expect(200);
      // NT rank 1 (3 points), NTJ rank 1 of 8 (3), INTJ rank 1 of 16 (4).
      expect(res.body).toEqual({ typeCode: 'INTJ', consistency: 10 });
      const nardiView = await waitFor(async () => {
        const { nardi: state } = await view(pgId);
        return state.consistency !== undefined ? state : undefined;
      }, 'the consistency on the dashboard');
      expect(nardiView).toEqual({ id: 'nardi', status: 'completed', index: 0, answers: [], typeCode: 'INTJ', consistency: 10 });
    });

    it('handles a duplicate delivery of the Nardi result once', async () => {
      const stored = await svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION).findOne({ _id: pgId });
      const completedAt = stored?.surveys.nardi?.completedAt?.toISOString() as string;
      const event = createEvent({
        type: EventTypes.nardiCompleted,
        source: 'svc-scoring',
        subject: pgId,
        data: { typeCode: 'INTJ', consistency: 10, selectedTemperament: 'NT', selectedFP: 'NTJ', completedAt },
      });
      await svc.ctx.broker.publish(event);
      await svc.ctx.broker.publish(event);
      await waitFor(() => lines().find((l) => l.eventId === event.id && l.msg === 'event already handled; acknowledged without handling'), 'the second copy to be skipped');
      expect(lines().filter((l) => l.msg === 'event handled' && l.eventId === event.id)).toHaveLength(1);
      expect((await view(pgId)).nardi.consistency).toBe(10);
    });

    it('refuses to edit the completed Nardi survey and changes nothing', async () => {
      const before = await snapshot();
      for (const attempt of [
        save(pgId, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'ENTJ' })),
        update(pgId, { nardi: { status: 'rejected' } }),
        save(pgId, nardi('part-one')),
      ]) {
        const res = await attempt.expect(409);
        expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'SURVEY_CLOSED', error: 'The Nardi survey is completed and can no longer be changed.' });
      }
      expect(await snapshot()).toBe(before);
    });

    it('self-assessment: invalid answers are refused; four valid answers complete it with the upper-cased type', async () => {
      const before = await snapshot();
      const invalid = await save(pgId, { id: 'selfAssessment', status: 'completed', index: 3, answers: SELF_ASSESSMENT_ANSWERS.slice(0, 3) }).expect(400);
      expect(invalid.body).toMatchObject({ code: 'SURVEY_ANSWERS_INVALID', error: expect.stringContaining('missing: experience') });
      expect(await snapshot()).toBe(before);

      const res = await save(pgId, { id: 'selfAssessment', status: 'completed', index: 3, answers: SELF_ASSESSMENT_ANSWERS }).expect(200);
      expect(userViewSchema.parse(res.body).selfAssessment).toEqual({ id: 'selfAssessment', status: 'completed', index: 0, answers: [], typeCode: 'INTJ' });
      expect(await nextEvent(EventTypes.surveyCompleted, pgId)).toMatchObject({
        data: { surveyId: 'selfAssessment', status: 'completed', typeCode: 'INTJ', personalityType: 'INTJ', confidence: '85%' },
      });
      const refused = await update(pgId, { selfAssessment: { status: 'rejected' } }).expect(409);
      expect(refused.body.code).toBe('SURVEY_CLOSED');
    });

    it('the official MBTI step: started, then completed', async () => {
      const early = await update(pgId, { mbti: { status: 'completed' } }).expect(409);
      expect(early.body.code).toBe('SURVEY_STEP_INVALID');
      await update(pgId, { mbti: { status: 'started' } }).expect(200);
      const res = await save(pgId, { id: 'mbti', status: 'completed', index: 0, answers: [] }).expect(200);
      expect(userViewSchema.parse(res.body).mbti).toEqual({ id: 'mbti', status: 'completed', index: 0, answers: [] });
      expect(await nextEvent(EventTypes.surveyCompleted, pgId)).toMatchObject({ data: { surveyId: 'mbti', status: 'completed' } });
    });

    it('erasure after scoring: svc-scoring deletes what it held, and a late event does not bring it back', async () => {
      const scores = scoringDb().collection('scores');
      expect(await scores.countDocuments({ _id: pgId as never })).toBe(1);
      const participant = await svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION).findOne({ _id: pgId });
      const memberId = participant?.openHumans?.memberId as string;
      const left = await fetch(`${(await openHumansUrl())}/_standin/members/${memberId}/deauthorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ erasure_requested: true }),
      });
      expect(left.status).toBe(200);
      await nextEvent(EventTypes.participantErased, pgId);
      await waitFor(async () => (await scores.countDocuments({ _id: pgId as never })) === 0, 'scoring to erase the participant', 20_000);
      // The TypeFinder result for the study email went with the participant.
      expect(await svc.ctx.db.collection(TYPEFINDER_INBOX_COLLECTION).countDocuments({ _id: studyEmail(pgId) as never })).toBe(0);

      const late = createEvent({ type: EventTypes.nardiAnswered, source: 'svc-participants', subject: pgId, data: { answers: ANSWERS } });
      await svc.ctx.broker.publish(late);
      await waitFor(() => scoringDb().collection('inbox').findOne({ _id: late.id as never }), 'scoring to handle the late event', 20_000);
      expect(await scores.countDocuments({ _id: pgId as never })).toBe(0);
      expect((await request(scoring.url).post('/api/user/nardi').send({ pgId }).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
    });
  });

  async function openHumansUrl(): Promise<string> {
    return new URL((await startAuthorization(svc.url)).authorizeUrl).origin;
  }

  // ---- the self-assessment declined ----------------------------------------------------------

  it('self-assessment declined ("No thank you"): rejected, the rejection published, then closed', async () => {
    const { pgId } = await consent();
    await finishTypeFinderAndNardi(pgId);
    const res = await update(pgId, { selfAssessment: { status: 'rejected' } }).expect(200);
    expect(userViewSchema.parse(res.body).selfAssessment).toEqual({ id: 'selfAssessment', status: 'rejected', index: 0, answers: [] });
    expect(await nextEvent(EventTypes.surveyRejected, pgId)).toMatchObject({ data: { surveyId: 'selfAssessment', status: 'rejected' } });
    const refused = await save(pgId, { id: 'selfAssessment', status: 'completed', index: 3, answers: SELF_ASSESSMENT_ANSWERS }).expect(409);
    expect(refused.body).toMatchObject({ code: 'SURVEY_CLOSED', error: 'The self-assessment is rejected and can no longer be changed.' });
  });

  // ---- refusals --------------------------------------------------------------------------------

  describe('refusals: a 4xx JSON error and nothing changed', () => {
    let fresh: string;
    let typeFinderDone: string;
    let atPartTwo: string;

    beforeAll(async () => {
      ({ pgId: fresh } = await consent());
      ({ pgId: typeFinderDone } = await consent());
      await signedResults({ email: studyEmail(typeFinderDone), typeCode: 'ESTP' }).expect(200);
      await claim(typeFinderDone).expect(200);
      ({ pgId: atPartTwo } = await consent());
      await request(typeFinder.app).post('/widget').type('form').send({ email: studyEmail(atPartTwo), ...INTJ_QUIZ }).expect(200);
      await claim(atPartTwo).expect(200);
      await save(atPartTwo, nardi('part-one')).expect(200);
      await save(atPartTwo, nardi('part-two', { selectedTemperament: 'NT' })).expect(200);
      // Scoring's answer to part one arrives by event and is stored; the snapshots below must not see it land.
      await waitFor(async () => {
        const stored = await svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION).findOne({ _id: atPartTwo });
        return stored?.nardiScoredFor ? stored : undefined;
      }, 'the part-one scores of the participant at part two');
    });

    const cases: [string, () => { path: string; body: unknown }, number, string, RegExp | string][] = [
      ['Nardi before the TypeFinder test', () => ({ path: '/api/user/survey', body: { pgId: fresh, survey: nardi('part-one') } }), 409, 'SURVEY_OUT_OF_ORDER', /Finish the TypeFinder test before the Nardi survey/],
      ['the self-assessment before Nardi', () => ({ path: '/api/user/survey/upd', body: { pgId: fresh, update: { selfAssessment: { status: 'rejected' } } } }), 409, 'SURVEY_OUT_OF_ORDER', /Finish the TypeFinder test/],
      ['part one with 24 answers', () => ({ path: '/api/user/survey', body: { pgId: typeFinderDone, survey: nardi('part-one', { answers: ANSWERS.slice(1) }) } }), 400, 'NARDI_ANSWERS_INVALID', 'Nardi part one answers are invalid: no answer for question 1.'],
      ['part one with an answer other than A or B', () => ({ path: '/api/user/survey', body: { pgId: typeFinderDone, survey: nardi('part-one', { answers: [...ANSWERS.slice(1), { id: 1, value: 'C' }] }) } }), 400, 'NARDI_ANSWERS_INVALID', /question 1 has the answer 'C' \(expected 'A' or 'B'\)/],
      ['an answer to question 26 in progress', () => ({ path: '/api/user/survey', body: { pgId: typeFinderDone, survey: nardi('pending', { index: 1, answers: [{ id: 26, value: 'A' }] }) } }), 400, 'SURVEY_ANSWERS_INVALID', /id 26 is not a question id/],
      ['changing the saved part-one answers', () => ({ path: '/api/user/survey', body: { pgId: atPartTwo, survey: nardi('part-two', { answers: [...ANSWERS.slice(1), { id: 1, value: 'A' }], selectedTemperament: 'NT' }) } }), 409, 'SURVEY_STEP_INVALID', /part one answers were saved already/],
      ['the self-assessment while Nardi is at part two', () => ({ path: '/api/user/survey', body: { pgId: atPartTwo, survey: { id: 'selfAssessment', status: 'pending', index: 1, answers: [{ id: 'confidence', value: '75%' }] } } }), 409, 'SURVEY_OUT_OF_ORDER', /Finish the Nardi survey before the self-assessment/],
      ['a functional pair not offered', () => ({ path: '/api/user/survey/upd', body: { pgId: atPartTwo, update: { nardi: { status: 'part-three', selectedFP: 'SFP' } } } }), 400, 'NARDI_SELECTION_INVALID', "The part three choice 'SFP' was not offered; the choices were NTJ, NTP."],
      ['a skipped step', () => ({ path: '/api/user/survey/upd', body: { pgId: atPartTwo, update: { nardi: { status: 'completed', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' } } } }), 409, 'SURVEY_STEP_INVALID', /at part-two; it can move to part-three next, not completed/],
      ['an unknown status for the survey', () => ({ path: '/api/user/survey/upd', body: { pgId: atPartTwo, update: { mbti: { status: 'part-one' } } } }), 400, 'SURVEY_STATUS_INVALID', /has no status 'part-one'/],
      ['a status that is no status at all', () => ({ path: '/api/user/survey/upd', body: { pgId: atPartTwo, update: { mbti: { status: 'done' } } } }), 400, 'VALIDATION_FAILED', /update.mbti.status/],
      ['completing the TypeFinder test by a save', () => ({ path: '/api/user/survey', body: { pgId: fresh, survey: { id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'ENFP' } } }), 400, 'SURVEY_STATUS_INVALID', /POST \/api\/user\/tfresult/],
      ['an operator in the survey', () => ({ path: '/api/user/survey', body: { pgId: atPartTwo, survey: { ...nardi('part-two'), $set: { status: 'completed' } } } }), 400, 'FORBIDDEN_KEY', /"\$set"/],
      ['an operator as the patch', () => ({ path: '/api/user/survey/upd', body: { pgId: atPartTwo, update: { $set: { 'nardi.status': 'completed' } } } }), 400, 'FORBIDDEN_KEY', /"\$set"/],
      ['a dotted path as the patch', () => ({ path: '/api/user/survey/upd', body: { pgId: atPartTwo, update: { 'selfAssessment.status': 'rejected' } } }), 400, 'FORBIDDEN_KEY', /selfAssessment.status/],
      ['an operator as the study ID', () => ({ path: '/api/user/survey', body: { pgId: { $ne: '' }, survey: nardi('part-one') } }), 400, 'FORBIDDEN_KEY', /\$ne/],
      ['an extra field on the request', () => ({ path: '/api/user/survey', body: { pgId: atPartTwo, survey: nardi('part-two', { selectedTemperament: 'NT' }), admin: true } }), 400, 'VALIDATION_FAILED', /unexpected field: admin/],
      ['an extra field on the survey', () => ({ path: '/api/user/survey', body: { pgId: atPartTwo, survey: nardi('part-two', { selectedTemperament: 'NT', consistency: 10 }) } }), 400, 'VALIDATION_FAILED', /consistency/],
      ['an extra field in the patch', () => ({ path: '/api/user/survey/upd', body: { pgId: atPartTwo, update: { nardi: { status: 'part-three', selectedFP: 'NTJ', answers: [] } } } }), 400, 'VALIDATION_FAILED', /answers/],
      ['answers in a patch of another survey', () => ({ path: '/api/user/survey/upd', body: { pgId: atPartTwo, update: { typeFinder: { typeCode: 'ENFP' } } } }), 400, 'VALIDATION_FAILED', /typeCode/],
      ['an unknown participant', () => ({ path: '/api/user/survey', body: { pgId: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', survey: nardi('part-one') } }), 404, 'PARTICIPANT_NOT_FOUND', 'No participant with this study ID.'],
      ['Submit Results for an unknown participant', () => ({ path: '/api/user/tfresult', body: { pgId: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d' } }), 404, 'PARTICIPANT_NOT_FOUND', 'No participant with this study ID.'],
      ['Submit Results with an extra field', () => ({ path: '/api/user/tfresult', body: { pgId: fresh, typeCode: 'INTJ' } }), 400, 'VALIDATION_FAILED', /typeCode/],
    ];

    it.each(cases)('%s', async (_case, call, status, code, message) => {
      const { path, body } = call();
      const before = await snapshot();
      const res = await request(svc.url).post(path).send(body as object);
      expect(res.status).toBe(status);
      const error = errorBodySchema.parse(res.body);
      expect(error.code).toBe(code);
      if (typeof message === 'string') expect(error.error).toBe(message);
      else expect(error.error).toMatch(message);
      expect(await snapshot()).toBe(before);
    });

    it('refuses the surveys to a participant without consent (403)', async () => {
      const pgId = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
      await new ParticipantsRepository(svc.ctx.db).insert(newParticipant(pgId));
      const before = await snapshot();
      for (const res of [await save(pgId, { id: 'mbti', status: 'started', index: 0, answers: [] }), await claim(pgId)]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('CONSENT_REQUIRED');
      }
      expect(await snapshot()).toBe(before);
    });
  });

  // ---- the TypeFinder inbox --------------------------------------------------------------------

  describe('the TypeFinder inbox', () => {
    it('refuses a webhook with a missing or wrong signature (401) and stores nothing', async () => {
      const body = { email: `someone@${HOST}`, typeCode: 'ENFP' };
      const before = await snapshot();
      for (const signature of [null, '', 'sha256=', signBody(JSON.stringify(body), 'not-the-secret-at-all'), signBody(`${JSON.stringify(body)} `, TF_SECRET)]) {
        const res = await signedResults(body, signature).expect(401);
        expect(errorBodySchema.parse(res.body).code).toBe('WEBHOOK_SIGNATURE_INVALID');
      }
      expect(await snapshot()).toBe(before);
    });

    it('refuses a signed body that is not a result (400) and stores nothing', async () => {
      const before = await snapshot();
      for (const body of [{ email: 'not-an-email', typeCode: 'ENFP' }, { email: `a@${HOST}`, typeCode: 'XXXX' }, [], { email: `a@${HOST}`, typeCode: 'ENFP', pgId: 'x' }]) {
        expect((await signedResults(body).expect(400)).body.code).toBe('VALIDATION_FAILED');
      }
      expect(await snapshot()).toBe(before);
    });

    it('takes a list of results; the latest result for an email wins', async () => {
      const email = `latest-wins@${HOST}`;
      const res = await signedResults([
        { email, typeCode: 'ISTP' },
        { email: `other@${HOST}`, typeCode: 'ESFJ' },
      ]).expect(200);
      expect(res.body).toEqual({ stored: 2 });
      await signedResults({ email: email.toUpperCase(), typeCode: 'enfp' }).expect(200);
      expect(await svc.ctx.db.collection(TYPEFINDER_INBOX_COLLECTION).findOne({ _id: email as never })).toMatchObject({ typeCode: 'ENFP' });
    });

    describe('CSV import (admin)', () => {
      const csvImport = (csv: string, key: string | null = ADMIN_KEY, type = 'text/csv') => {
        const req = request(svc.url).post('/api/typefinder/import').set('content-type', type);
        if (key !== null) req.set('X-Master-Key', key);
        return req.send(csv);
      };

      it.each([
        ['no key', null, 401, 'STAFF_SIGN_IN_REQUIRED'],
        ['a wrong key', 'not-the-admin-master-key', 403, 'ADMIN_KEY_INVALID'],
        ['the key with a character missing', ADMIN_KEY.slice(0, -1), 403, 'ADMIN_KEY_INVALID'],
      ])('refuses %s and stores nothing', async (_case, key, status, code) => {
        const before = await snapshot();
        const res = await csvImport(`email,type\nkeyless@${HOST},INTJ\n`, key).expect(status);
        expect(errorBodySchema.parse(res.body).code).toBe(code);
        expect(await snapshot()).toBe(before);
      });

      it('refuses a body that is not CSV (415) and a CSV without the columns (400)', async () => {
        const before = await snapshot();
        expect((await csvImport(JSON.stringify({ email: `a@${HOST}`, type: 'INTJ' }), ADMIN_KEY, 'application/json').expect(415)).body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
        const res = await csvImport(`mail,kind\na@${HOST},INTJ\n`).expect(400);
        expect(res.body).toMatchObject({ code: 'CSV_INVALID', error: expect.stringContaining('missing: email, type') });
        expect(await snapshot()).toBe(before);
      });

      it('imports the good rows, lists the bad ones with line and reason, and the participant can then claim the result', async () => {
        const { pgId } = await consent();
        const csv = ['Email,Type', `${studyEmail(pgId).toUpperCase()},isfj`, 'nobody,INTJ', `x@${HOST},QQQQ`, `latest-wins@${HOST},INTP`].join('\r\n');
        const res = await csvImport(csv).expect(200);
        expect(typeFinderImportResponseSchema.parse(res.body)).toEqual({
          rowCount: 4,
          storedCount: 2,
          insertedCount: 1,
          updatedCount: 1,
          rejectedCount: 2,
          rejected: [
            { line: 3, reason: 'email: must be an email address' },
            { line: 4, reason: 'type: must be a four-letter type code such as INTJ' },
          ],
        });
        expect((await claim(pgId).expect(200)).body).toEqual({ typeCode: 'ISFJ' });
        expect((await view(pgId)).typeFinder).toMatchObject({ status: 'completed', typeCode: 'ISFJ' });
      });
    });
  });
});
