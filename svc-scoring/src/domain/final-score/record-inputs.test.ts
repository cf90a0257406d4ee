import type { Logger } from 'pino';
import { EventTypes, type CloudEventEnvelope, type SurveyCompletedData } from '@study/contracts';
import { outboxEvents } from '@study/event-bus';
import { scoreNardi } from '@study/personality';
import { SAMPLE_ANSWERS } from '@study/personality/testing';
import type { ScoreDocument } from '../../data-access/scores-collection';
import { ScoresRepository } from '../../data-access/scores-repository';
import type { ScoringDeps } from '../deps';
import { recordConsent, recordSelfAssessment } from './record-inputs';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const AT = new Date('2025-03-01T10:00:00.000Z');
const NOW = new Date('2025-03-01T10:00:05.000Z');
const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
/** TypeFinder and Nardi done: the self-assessment is the last input the final score waits for. */
const WAITING_FOR_SA: ScoreDocument = {
  _id: PG_ID,
  inputs: { typeFinder: { typeCode: 'INTJ', at: AT } },
  nardi: { asOf: AT, answers: ANSWERS, scores: scoreNardi(ANSWERS), final: { typeCode: 'INTJ', consistency: 8, completedAt: AT, finalizedAt: AT } },
};
const SELF_ASSESSMENT = { surveyId: 'selfAssessment', status: 'completed', typeCode: 'INTJ', personalityType: 'INTJ', confidence: '90%' } as SurveyCompletedData & { surveyId: 'selfAssessment' };

/** Scoring's dependencies over one score document as stored (`held`), recording every update. */
function depsHolding(held: ScoreDocument | null) {
  const updates: Record<string, Record<string, unknown>>[] = [];
  const collection = {
    findOne: async () => held,
    updateOne: async (_filter: unknown, update: Record<string, Record<string, unknown>>) => void updates.push(update),
  };
  const lock = { run: <T>(_key: string, fn: () => Promise<T>) => fn() };
  const erased = { isErased: async () => false };
  const deps = {
    service: 'svc-scoring',
    scores: new ScoresRepository({ collection: () => collection } as never, { lock, nudgeOutbox: () => undefined, erased }),
    erased,
    lock,
    logger: { info: () => undefined, warn: () => undefined } as unknown as Logger,
    now: () => NOW,
  } as unknown as ScoringDeps;
  return { deps, updates };
}

describe('the inputs of the final score', () => {
  const source = { pgId: PG_ID, time: new Date('2025-03-01T10:00:04.000Z') };

  it('stores the last input with the final score it completes and the finalized event, in one write', async () => {
    const { deps, updates } = depsHolding(WAITING_FOR_SA);
    expect(await recordSelfAssessment(deps, source, SELF_ASSESSMENT)).toBe('stored');
    expect(updates).toHaveLength(1);
    const { $set, $push } = updates[0]!;
    expect($set).toMatchObject({ inputs: { selfAssessment: { status: 'completed', personalityType: 'INTJ', at: source.time } }, finalScoreVersion: 1, finalScore: { typeCode: 'INTJ', version: 1 }, updatedAt: NOW });
    const events = outboxEvents(($push?.outbox as { $each: string[] }).$each) as CloudEventEnvelope[];
    expect(events.map((event) => [event.type, (event.data as { version: number }).version])).toEqual([[EventTypes.scoreFinalized, 1]]);
  });

  it('stores a consent alone: it is no input of the final score', async () => {
    const { deps, updates } = depsHolding(null);
    expect(await recordConsent(deps, source)).toBe('stored');
    expect(updates).toEqual([{ $set: { consentedAt: source.time, updatedAt: NOW } }]);
  });
});
