import request from 'supertest';
import {
  errorBodySchema,
  EventTypes,
  finalScoreResponseSchema,
  scoreClearedDataSchema,
  scoreFinalizedDataSchema,
  type CloudEventEnvelope,
  type SurveyCompletedData,
} from '@study/contracts';
import { createEvent, type CloudEvent } from '@study/event-bus';
import { scoreNardi } from '@study/personality';
import { SAMPLE_ANSWERS, SAMPLE_DICHOT_PREF, SAMPLE_TEMPERAMENTS } from '@study/personality/testing';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor, type ProbeQueue, loggedParticipant } from '@study/service-kit/testing';
import { start, type RunningScoring } from './app';
import { loadScoringConfig } from './config';
import { SCORES_COLLECTION, type ScoreDocument } from './data-access/scores-collection';

const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
const MBTI = { wholeType: 'ENTJ', pci1: 21, pci2: 13, pci3: 9, pci4: 27, dpref1: 1, dpref2: 2, dpref3: 1, dpref4: 1 };

let counter = 0;
function newPgId(): string {
  counter += 1;
  return `7a2c3b9e-3b4d-4c5e-9f60-${String(counter).padStart(12, '0')}`;
}

/** Events as svc-participants publishes them, each a second after the one before. */
class Participant {
  private clock = Date.now() - 600_000;
  constructor(readonly pgId: string) {}

  private event(type: string, data: unknown, time?: Date): CloudEvent {
    this.clock += 1000;
    return createEvent({ type, source: 'svc-participants', subject: this.pgId, data, time: time ?? new Date(this.clock), correlationId: 'req-final-0001' });
  }

  consented = () => this.event(EventTypes.participantConsented, { snpFileUploaded: true, reauthorized: false });
  typeFinder = (typeCode = 'INTJ', time?: Date) => this.event(EventTypes.surveyCompleted, { surveyId: 'typeFinder', status: 'completed', typeCode } satisfies SurveyCompletedData, time);
  nardi = (choices = { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }) =>
    this.event(EventTypes.surveyCompleted, { surveyId: 'nardi', status: 'completed', typeCode: choices.selectedTypeCode, answers: ANSWERS, ...choices } as SurveyCompletedData);
  selfAssessment = (personalityType: string, confidence: string) =>
    this.event(EventTypes.surveyCompleted, { surveyId: 'selfAssessment', status: 'completed', typeCode: personalityType, personalityType, confidence } as SurveyCompletedData);
  declined = () => this.event(EventTypes.surveyRejected, { surveyId: 'selfAssessment', status: 'rejected' });
  mbti = (wholeType = 'ENTJ') => this.event(EventTypes.mbtiUploaded, { ...MBTI, wholeType });
  reset = () => this.event(EventTypes.surveysReset, { surveys: ['selfAssessment', 'nardi', 'typeFinder', 'mbti'] });
  erased = () => this.event(EventTypes.participantErased, { erasedAt: new Date().toISOString() });
}

describe('svc-scoring: the final score', () => {
  const testEnv = serviceTestEnv('scoring-final');
  const config = loadScoringConfig(testEnv.env);
  const { logger, lines } = memoryLogger('debug', 'svc-scoring');
  let svc: RunningScoring;
  let probe: ProbeQueue;
  /** Every scoring.score.* event seen so far (the probe is shared by the tests). */
  const seen: CloudEventEnvelope[] = [];

  beforeAll(async () => {
    svc = await start(config, { logger });
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, 'scoring.score.#');
  });

  afterAll(async () => {
    await probe?.close();
    await svc?.stop();
    await testEnv.cleanup();
  });

  const scores = () => svc.ctx.db.collection<ScoreDocument>(SCORES_COLLECTION);
  const inbox = () => svc.ctx.db.collection('inbox');
  const finalScore = (pgId: string) => request(svc.url).post('/api/user/survey/final').send({ pgId });

  async function send(...events: CloudEvent[]): Promise<void> {
    for (const event of events) await svc.ctx.broker.publish(event);
    for (const event of events) await waitFor(() => inbox().findOne({ _id: event.id as never }), `event ${event.type} handled`, 20_000);
  }

  async function scoreEvents(pgId: string, count: number): Promise<CloudEventEnvelope[]> {
    await waitFor(async () => {
      while (seen.filter((e) => e.subject === pgId).length < count) seen.push((await probe.next(15_000)) as CloudEventEnvelope);
      return true;
    }, `${count} score events for ${pgId}`, 20_000);
    return seen.filter((e) => e.subject === pgId);
  }

  /** Every event for the subject has been handled and published: nothing more is on its way. */
  async function settled(pgId: string): Promise<void> {
    await waitFor(async () => ((await scores().findOne({ _id: pgId }))?.outbox ?? []).length === 0, 'the outbox to be published');
  }

  it('answers 404 for a study ID it has never heard of, and 400 for a bad body', async () => {
    expect(errorBodySchema.parse((await finalScore(newPgId()).expect(404)).body).code).toBe('PARTICIPANT_NOT_FOUND');
    for (const body of [{}, { pgId: 'nobody' }, { pgId: newPgId(), typeCode: 'INTJ' }]) {
      expect((await request(svc.url).post('/api/user/survey/final').send(body).expect(400)).body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 409 naming what is still missing until the three surveys are done', async () => {
    const p = new Participant(newPgId());
    await send(p.consented());
    const none = errorBodySchema.parse((await finalScore(p.pgId).expect(409)).body);
    expect(none).toMatchObject({
      code: 'FINAL_SCORE_NOT_READY',
      error: 'Your final score is not ready yet: please complete the TypeFinder test, complete the Nardi Personality Indicator and complete or decline the self-assessment from your dashboard. If you have just done so, your dashboard shows your final type as soon as it is worked out.',
    });
    await send(p.typeFinder(), p.nardi());
    expect((await finalScore(p.pgId).expect(409)).body.error).toBe('Your final score is not ready yet: please complete or decline the self-assessment from your dashboard. If you have just done so, your dashboard shows your final type as soon as it is worked out.');
    expect((await scores().findOne({ _id: p.pgId }))?.finalScore).toBeUndefined();
  });

  it('finalizes once the self-assessment is done: stores it and publishes scoring.score.finalized.v1 with the inputs', async () => {
    const p = new Participant(newPgId());
    await send(p.consented(), p.typeFinder(), p.nardi(), p.selfAssessment('INTJ', '85%'));
    const [event] = await scoreEvents(p.pgId, 1);
    expect(event).toMatchObject({ type: EventTypes.scoreFinalized, source: 'svc-scoring', correlationid: 'req-final-0001' });
    const data = scoreFinalizedDataSchema.parse(event?.data);
    expect(data).toEqual({
      typeCode: 'INTJ',
      version: 1,
      decidedBy: { basis: 'allAgree' },
      inputs: {
        typeFinder: { typeCode: 'INTJ' },
        nardi: { typeCode: 'INTJ', consistency: 10, dichotPref: SAMPLE_DICHOT_PREF, temperaments: SAMPLE_TEMPERAMENTS },
        selfAssessment: { status: 'completed', personalityType: 'INTJ', confidence: '85%' },
      },
      computedAt: expect.any(String),
    });
    const res = await finalScore(p.pgId.toUpperCase()).expect(200);
    expect(finalScoreResponseSchema.parse(res.body)).toEqual({ typeCode: 'INTJ', computedAt: data.computedAt });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reads what is stored and never waits: before the last survey arrives it answers 409 at once naming what to do', async () => {
    const p = new Participant(newPgId());
    await send(p.typeFinder(), p.nardi());
    const res = await finalScore(p.pgId).expect(409);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'FINAL_SCORE_NOT_READY', error: expect.stringContaining('complete or decline the self-assessment from your dashboard') });
    await send(p.declined());
    await scoreEvents(p.pgId, 1);
    expect((await finalScore(p.pgId).expect(200)).body.typeCode).toBe('INTJ');
  });

  it('is Inconclusive exactly when the self-assessment is completed, results differ and the person is under 80% sure', async () => {
    const cases: [string, (p: Participant) => CloudEvent[], string][] = [
      ['completed, differing, < 80%', (p) => [p.typeFinder('INTJ'), p.nardi(), p.selfAssessment('ENFP', '< 80%')], 'Inconclusive'],
      ['completed, agreeing, < 80%', (p) => [p.typeFinder('INTJ'), p.nardi(), p.selfAssessment('INTJ', '< 80%')], 'INTJ'],
      ['completed, differing, 85%', (p) => [p.typeFinder('INTJ'), p.nardi(), p.selfAssessment('ENFP', '85%')], 'ENFP'],
      // E/I: E (TF) vs I (NA), a tie without MB: Nardi's I 108 > E 92; S/N: S vs N -> N (116 > 84).
      ['declined, differing', (p) => [p.typeFinder('ESTJ'), p.nardi(), p.declined()], 'INTJ'],
    ];
    for (const [name, events, expected] of cases) {
      const p = new Participant(newPgId());
      await send(...events(p));
      await scoreEvents(p.pgId, 1);
      expect([name, (await finalScore(p.pgId).expect(200)).body.typeCode]).toEqual([name, expected]);
    }
  });

  it('computes it again when an MBTI result is uploaded later (a new version), and not again for the same inputs', async () => {
    const p = new Participant(newPgId());
    await send(p.typeFinder(), p.nardi(), p.selfAssessment('INTJ', '< 80%'));
    await scoreEvents(p.pgId, 1);
    expect((await finalScore(p.pgId).expect(200)).body.typeCode).toBe('INTJ');

    const upload = p.mbti('ENTJ');
    await send(upload);
    const [, second] = await scoreEvents(p.pgId, 2);
    const data = scoreFinalizedDataSchema.parse(second?.data);
    expect(data).toMatchObject({ typeCode: 'Inconclusive', version: 2, decidedBy: { basis: 'inconclusive' }, inputs: { mbti: { wholeType: 'ENTJ' } } });
    expect((await finalScore(p.pgId).expect(200)).body.typeCode).toBe('Inconclusive');

    // The same upload delivered twice, and the same result uploaded again: nothing new.
    await svc.ctx.broker.publish(upload);
    await send(p.mbti('ENTJ'));
    await waitFor(() => lines().find((l) => l.eventId === upload.id && l.msg === 'event already handled; acknowledged without handling'), 'the copy to be skipped');
    await settled(p.pgId);
    expect((await scores().findOne({ _id: p.pgId }))?.finalScoreVersion).toBe(2);
    expect(lines().filter((l) => l.msg === 'final score updated' && l.participant === loggedParticipant(p.pgId))).toHaveLength(2);
  });

  it('clears it on participants.surveys.reset.v1 (scoring.score.cleared.v1), keeping the MBTI result; a result from before the reset stays out', async () => {
    const p = new Participant(newPgId());
    const oldTypeFinder = p.typeFinder('INTJ');
    // The MBTI result first: handled after the score was finalized, it would finalize it again (version 2).
    await send(p.mbti('INTJ'));
    await send(oldTypeFinder, p.nardi(), p.declined());
    await scoreEvents(p.pgId, 1);
    await send(p.reset());
    const [, cleared] = await scoreEvents(p.pgId, 2);
    expect(cleared?.type).toBe(EventTypes.scoreCleared);
    expect(scoreClearedDataSchema.parse(cleared?.data)).toMatchObject({ version: 2, reason: 'reset' });
    expect((await finalScore(p.pgId).expect(409)).body.code).toBe('FINAL_SCORE_NOT_READY');
    const doc = await scores().findOne({ _id: p.pgId });
    expect(doc).toMatchObject({ finalScoreVersion: 2, inputs: { mbti: { wholeType: 'INTJ' } } });
    expect(doc?.finalScore).toBeUndefined();
    expect(doc?.inputs?.typeFinder).toBeUndefined();

    // The old completion redelivered under a new id (a producer retry) is older than the reset.
    await send(createEvent({ ...oldTypeFinder, id: undefined, time: new Date(oldTypeFinder.time) }));
    expect((await scores().findOne({ _id: p.pgId }))?.inputs?.typeFinder).toBeUndefined();

    // Done again after the reset: version 3, with the kept MBTI result.
    await send(p.typeFinder('INTJ'), p.nardi(), p.selfAssessment('INTJ', '90%'));
    const [, , again] = await scoreEvents(p.pgId, 3);
    expect(scoreFinalizedDataSchema.parse(again?.data)).toMatchObject({ typeCode: 'INTJ', version: 3, inputs: { mbti: { wholeType: 'INTJ' } } });
  });

  it('computes on demand when the inputs are complete and nothing is stored', async () => {
    const pgId = newPgId();
    const at = new Date();
    await scores().insertOne({
      _id: pgId,
      nardi: { asOf: at, scores: scoreNardi(ANSWERS), final: { typeCode: 'INTJ', consistency: 10, completedAt: at, finalizedAt: at } },
      inputs: { typeFinder: { typeCode: 'INTJ', at }, selfAssessment: { status: 'rejected', at } },
    });
    const res = await finalScore(pgId).expect(200);
    expect(res.body.typeCode).toBe('INTJ');
    const [event] = await scoreEvents(pgId, 1);
    expect(scoreFinalizedDataSchema.parse(event?.data)).toMatchObject({ typeCode: 'INTJ', version: 1, decidedBy: { basis: 'rejectedAllAgree' } });
    expect(lines().find((l) => l.msg === 'final score computed on demand' && l.participant === loggedParticipant(pgId))).toBeDefined();
  });

  it('deletes it on participants.participant.erased.v1; a late event does not bring it back; the call answers 404', async () => {
    const p = new Participant(newPgId());
    await send(p.typeFinder(), p.nardi(), p.declined());
    await scoreEvents(p.pgId, 1);
    await send(p.erased());
    expect(await scores().countDocuments({ _id: p.pgId })).toBe(0);
    await send(p.mbti('ENTJ'), p.consented());
    expect(await scores().countDocuments({ _id: p.pgId })).toBe(0);
    expect((await finalScore(p.pgId).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
  });
});
