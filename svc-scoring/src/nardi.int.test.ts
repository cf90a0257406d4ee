import request from 'supertest';
import {
  errorBodySchema,
  EventTypes,
  NARDI_NOT_FINAL_MESSAGE,
  NARDI_NOT_SCORED_MESSAGE,
  nardiCompletedDataSchema,
  nardiFinalResponseSchema,
  nardiScoresSchema,
  type CloudEventEnvelope,
  type SurveyCompletedData,
} from '@study/contracts';
import { createEvent, type CloudEvent } from '@study/event-bus';
import { SAMPLE_ANSWERS, SAMPLE_SCORES } from '@study/personality/testing';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor, type ProbeQueue, loggedParticipant } from '@study/service-kit/testing';
import { start, type RunningScoring } from './app';
import { loadScoringConfig } from './config';
import { ERASED_COLLECTION } from '@study/personal-data';
import { SCORES_COLLECTION, scoreDocumentOf, type ScoreDocument } from './data-access/scores-collection';

const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));

/** Distinct study IDs per test, so the tests share one service without touching each other's data. */
let counter = 0;
function newPgId(): string {
  counter += 1;
  return `6f1c2a9e-3b4d-4c5e-9f60-${String(counter).padStart(12, '0')}`;
}

function answered(pgId: string, time: Date, answers = ANSWERS): CloudEvent {
  return createEvent({ type: EventTypes.nardiAnswered, source: 'svc-participants', subject: pgId, data: { answers }, time, correlationId: 'req-test-0001' });
}

function completed(pgId: string, time: Date, choices: { selectedTemperament: string; selectedFP: string; selectedTypeCode: string }): CloudEvent {
  const data = { surveyId: 'nardi', status: 'completed', typeCode: choices.selectedTypeCode, answers: ANSWERS, ...choices } as SurveyCompletedData;
  return createEvent({ type: EventTypes.surveyCompleted, source: 'svc-participants', subject: pgId, data, time });
}

describe('svc-scoring: Nardi scoring', () => {
  const testEnv = serviceTestEnv('scoring-nardi');
  const config = loadScoringConfig(testEnv.env);
  const { logger, lines } = memoryLogger('debug', 'svc-scoring');
  let svc: RunningScoring;
  let probe: ProbeQueue;

  beforeAll(async () => {
    svc = await start(config, { logger });
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, 'scoring.#');
  });

  afterAll(async () => {
    await probe?.close();
    await svc?.stop();
    await testEnv.cleanup();
  });

  const scores = () => svc.ctx.db.collection<ScoreDocument>(SCORES_COLLECTION);
  const inbox = () => svc.ctx.db.collection('inbox');
  const handled = (event: CloudEvent) => waitFor(() => inbox().findOne({ _id: event.id as never }), `event ${event.type} handled`, 20_000);

  async function nextEvent(type: string, subject: string): Promise<CloudEventEnvelope> {
    return waitFor(async () => {
      const event = (await probe.next(15_000)) as CloudEventEnvelope;
      return event.type === type && event.subject === subject ? event : undefined;
    }, `a ${type} event for ${subject}`, 20_000);
  }

  const nardiScores = (pgId: string) => request(svc.url).post('/api/user/nardi').send({ pgId });
  const nardiFinal = (pgId: string) => request(svc.url).post('/api/user/nardi/final').send({ pgId });

  it('answers 409 naming what the participant can do while it holds no part-one scores or result', async () => {
    const res = await nardiScores(newPgId()).expect(409);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'NARDI_NOT_SCORED', error: NARDI_NOT_SCORED_MESSAGE });
    const final = await nardiFinal(newPgId()).expect(409);
    expect(errorBodySchema.parse(final.body)).toMatchObject({ code: 'NARDI_NOT_FINAL', error: NARDI_NOT_FINAL_MESSAGE });
  });

  it('scores part one from participants.nardi.answered.v1 as the hand-worked sample says, and publishes scoring.nardi.scored.v1', async () => {
    const pgId = newPgId();
    const event = answered(pgId, new Date());
    await svc.ctx.broker.publish(event);
    const scored = await nextEvent(EventTypes.nardiScored, pgId);
    // answeredAt names the answers scored, so svc-participants can tell the screens they are here.
    expect(scored).toMatchObject({ source: 'svc-scoring', correlationid: 'req-test-0001', data: { ...SAMPLE_SCORES, answeredAt: event.time } });

    const res = await nardiScores(pgId.toUpperCase()).expect(200);
    expect(nardiScoresSchema.parse(res.body)).toEqual(SAMPLE_SCORES);
    expect(res.body.typeCodes.slice(0, 3)).toEqual([
      { code: 'INTJ', score: 19, rank: 1 },
      { code: 'ENTJ', score: 17, rank: 2 },
      { code: 'INFJ', score: 16, rank: 3 },
    ]);
    // The relay removes what it published once the broker confirmed it, so after the probe heard it.
    const doc = await waitFor(async () => {
      const stored = await scores().findOne({ _id: pgId });
      return stored?.outbox?.length === 0 ? stored : undefined;
    }, 'the published events removed from the outbox');
    // Kept as their JSON text, read back as they were.
    expect(typeof doc.nardi?.answers).toBe('string');
    expect(typeof doc.nardi?.scores).toBe('string');
    expect(scoreDocumentOf(doc)?.nardi).toMatchObject({ answers: ANSWERS, scores: SAMPLE_SCORES });
  });

  it('reads what is stored and never waits: asked before the answers arrive it answers 409 at once, then 200 once they are scored', async () => {
    const pgId = newPgId();
    expect((await nardiScores(pgId).expect(409)).body.code).toBe('NARDI_NOT_SCORED');
    expect(await scores().findOne({ _id: pgId })).toBeNull();
    await svc.ctx.broker.publish(answered(pgId, new Date()));
    await nextEvent(EventTypes.nardiScored, pgId);
    expect((await nardiScores(pgId).expect(200)).body).toEqual(SAMPLE_SCORES);
  });

  it('handles a duplicate delivery once', async () => {
    const pgId = newPgId();
    const event = answered(pgId, new Date());
    await svc.ctx.broker.publish(event);
    await svc.ctx.broker.publish(event);
    await handled(event);
    await nextEvent(EventTypes.nardiScored, pgId);
    // The second copy is acked without running the handler: one 'scored' log line, one inbox entry.
    await waitFor(() => lines().find((l) => l.msg === 'event already handled; acknowledged without handling' && l.eventId === event.id), 'the duplicate to be skipped');
    expect(lines().filter((l) => l.msg === 'Nardi part one scored' && l.participant === loggedParticipant(pgId))).toHaveLength(1);
    expect(await inbox().countDocuments({ _id: event.id as never })).toBe(1);
  });

  it('completes from participants.survey.completed.v1: checks the choices, computes the consistency, publishes scoring.nardi.completed.v1', async () => {
    const pgId = newPgId();
    const completedAt = new Date();
    await svc.ctx.broker.publish(answered(pgId, new Date(completedAt.getTime() - 60_000)));
    await nextEvent(EventTypes.nardiScored, pgId);
    await svc.ctx.broker.publish(completed(pgId, completedAt, { selectedTemperament: 'NF', selectedFP: 'NFJ', selectedTypeCode: 'INFJ' }));

    const event = await nextEvent(EventTypes.nardiCompleted, pgId);
    // NF is rank 2 of 4 (2 points), NFJ rank 2 of 8 (2), INFJ rank 3 of 16 (2).
    expect(nardiCompletedDataSchema.parse(event.data)).toEqual({
      typeCode: 'INFJ',
      consistency: 6,
      selectedTemperament: 'NF',
      selectedFP: 'NFJ',
      completedAt: completedAt.toISOString(),
      // The scores the choices were checked against travel with the result (the Nardi report is built from them).
      scores: SAMPLE_SCORES,
    });
    const res = await nardiFinal(pgId).expect(200);
    expect(nardiFinalResponseSchema.parse(res.body)).toEqual({ typeCode: 'INFJ', consistency: 6 });

    // The same completion delivered again under another event id (a producer retry) publishes no second result.
    const again = completed(pgId, completedAt, { selectedTemperament: 'NF', selectedFP: 'NFJ', selectedTypeCode: 'INFJ' });
    await svc.ctx.broker.publish(again);
    await handled(again);
    expect(lines().filter((l) => l.msg === 'Nardi survey completed' && l.participant === loggedParticipant(pgId)).map((l) => l.outcome)).toEqual(['stored', 'unchanged']);
  });

  it('scores a completion whose part-one event never came, publishing the scores too', async () => {
    const pgId = newPgId();
    await svc.ctx.broker.publish(completed(pgId, new Date(), { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }));
    // No part-one event to name: the scores go without answeredAt.
    expect((await nextEvent(EventTypes.nardiScored, pgId)).data).toEqual(SAMPLE_SCORES);
    expect((await nextEvent(EventTypes.nardiCompleted, pgId)).data).toMatchObject({ typeCode: 'INTJ', consistency: 10 });
    expect((await nardiScores(pgId).expect(200)).body).toEqual(SAMPLE_SCORES);
  });

  it('ignores an event older than what it holds (a late part one after the completion)', async () => {
    const pgId = newPgId();
    const now = Date.now();
    await svc.ctx.broker.publish(completed(pgId, new Date(now), { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }));
    await nextEvent(EventTypes.nardiCompleted, pgId);
    const late = answered(pgId, new Date(now - 1000), [...ANSWERS.slice(1), { id: 1, value: 'A' }]);
    await svc.ctx.broker.publish(late);
    await handled(late);
    expect(lines().find((l) => l.msg === 'Nardi part one scored' && l.participant === loggedParticipant(pgId))).toMatchObject({ outcome: 'stale' });
    expect((await nardiFinal(pgId).expect(200)).body).toEqual({ typeCode: 'INTJ', consistency: 10 });
  });

  it('forgets the Nardi results on participants.surveys.reset.v1', async () => {
    const pgId = newPgId();
    await svc.ctx.broker.publish(completed(pgId, new Date(Date.now() - 1000), { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }));
    await nextEvent(EventTypes.nardiCompleted, pgId);
    const reset = createEvent({ type: EventTypes.surveysReset, source: 'svc-participants', subject: pgId, data: { surveys: ['selfAssessment', 'nardi', 'typeFinder', 'mbti'] } });
    await svc.ctx.broker.publish(reset);
    await handled(reset);
    expect((await scores().findOne({ _id: pgId }))?.nardi).toEqual({ asOf: new Date(reset.time) });
    expect((await nardiFinal(pgId).expect(409)).body.code).toBe('NARDI_NOT_FINAL');
  });

  it('never stores a completion whose choices were not offered: the event fails (retried, then parked)', async () => {
    const pgId = newPgId();
    // SFP is not a pair of NT: a producer bug, retried and then parked (never a wrong result).
    const bad = completed(pgId, new Date(), { selectedTemperament: 'NT', selectedFP: 'SFP', selectedTypeCode: 'ISFP' });
    await svc.ctx.broker.publish(bad);
    const failure = await waitFor(() => lines().find((l) => l.eventId === bad.id && l.msg === 'event handling failed; will retry'), 'the failure to be logged');
    expect(JSON.stringify(failure.err)).toContain('was not offered');
    expect(await scores().findOne({ _id: pgId })).toBeNull();
  });

  it('erases what it holds on participants.participant.erased.v1, and a late event does not bring it back', async () => {
    const pgId = newPgId();
    await svc.ctx.broker.publish(completed(pgId, new Date(Date.now() - 5000), { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }));
    await nextEvent(EventTypes.nardiCompleted, pgId);
    const erased = createEvent({ type: EventTypes.participantErased, source: 'svc-participants', subject: pgId, data: { erasedAt: new Date().toISOString() } });
    await svc.ctx.broker.publish(erased);
    await handled(erased);
    expect(await scores().countDocuments({ _id: pgId })).toBe(0);

    const late = answered(pgId, new Date());
    await svc.ctx.broker.publish(late);
    await handled(late);
    expect(lines().find((l) => l.msg === 'Nardi part one scored' && l.participant === loggedParticipant(pgId) && l.outcome === 'erased')).toBeDefined();
    expect(await scores().countDocuments({ _id: pgId })).toBe(0);
    // The erasure is remembered without the study ID itself.
    expect(JSON.stringify(await svc.ctx.db.collection(ERASED_COLLECTION).find({}).toArray())).not.toContain(pgId);
    expect((await nardiScores(pgId).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
    expect((await nardiFinal(pgId).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
  });

  it.each([
    [{}, 'VALIDATION_FAILED'],
    [{ pgId: 'nobody' }, 'VALIDATION_FAILED'],
    [{ pgId: { $gt: '' } }, 'FORBIDDEN_KEY'],
    [{ pgId: '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6', extra: true }, 'VALIDATION_FAILED'],
  ])('refuses the body %j with 400 %s', async (body, code) => {
    for (const path of ['/api/user/nardi', '/api/user/nardi/final']) {
      const res = await request(svc.url).post(path).send(body).expect(400);
      expect(errorBodySchema.parse(res.body).code).toBe(code);
    }
  });
});
