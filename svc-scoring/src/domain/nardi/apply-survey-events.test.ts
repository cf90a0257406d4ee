import type { Logger } from 'pino';
import {
  EventTypes,
  nardiCompletedDataSchema,
  nardiCompletedV2DataSchema,
  type CloudEventEnvelope,
  type SurveyCompletedData,
} from '@study/contracts';
import { outboxEvents, withCorrelationId } from '@study/event-bus';
import { SAMPLE_ANSWERS, SAMPLE_SCORES } from '@study/personality/testing';
import type { ScoreDocument } from '../../data-access/scores-collection';
import { ScoresRepository } from '../../data-access/scores-repository';
import { completeNardiSurvey } from './apply-survey-events';
import type { NardiDeps } from './deps';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const COMPLETED_AT = new Date('2025-03-01T10:00:00.000Z');
const NOW = new Date('2025-03-01T10:00:02.000Z');
const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
const COMPLETION = {
  surveyId: 'nardi',
  status: 'completed',
  typeCode: 'INTJ',
  answers: ANSWERS,
  selectedTemperament: 'NT',
  selectedFP: 'NTJ',
  selectedTypeCode: 'INTJ',
} as SurveyCompletedData & { surveyId: 'nardi' };

/** A participant's score document as stored (`held`), and every update written to it. */
function depsHolding(held: ScoreDocument | null) {
  const writes: { filter: unknown; update: Record<string, Record<string, unknown>> }[] = [];
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;
  const collection = {
    findOne: async () => held,
    updateOne: async (filter: unknown, update: Record<string, Record<string, unknown>>) => {
      writes.push({ filter, update });
      return { acknowledged: true };
    },
  };
  const erased = { isErased: async () => false };
  const lock = { run: <T>(_key: string, fn: () => Promise<T>) => fn() };
  const deps = {
    service: 'svc-scoring',
    scores: new ScoresRepository({ collection: () => collection } as never, { lock, nudgeOutbox: () => undefined, erased }),
    erased,
    lock,
    logger: quiet,
    now: () => NOW,
  } as unknown as NardiDeps;
  return { deps, writes };
}

/** The events one update adds to the document's outbox. */
function outboxOf(update: Record<string, Record<string, unknown>>): CloudEventEnvelope[] {
  return outboxEvents((update.$push?.outbox as { $each: string[] }).$each) as CloudEventEnvelope[];
}

describe('completing the Nardi survey publishes the result as scoring.nardi.completed.v2 and v1', () => {
  const source = { pgId: PG_ID, time: COMPLETED_AT };

  it('writes the result and both events in one update of the score document (outbox)', async () => {
    const { deps, writes } = depsHolding({ _id: PG_ID, nardi: { asOf: new Date(COMPLETED_AT.getTime() - 60_000), answers: ANSWERS, scores: SAMPLE_SCORES as never } });
    expect(await completeNardiSurvey(deps, source, COMPLETION)).toBe('stored');

    expect(writes).toHaveLength(1);
    const update = writes[0]!.update;
    expect(update.$set?.nardi).toMatchObject({ final: { typeCode: 'INTJ', consistency: 10, completedAt: COMPLETED_AT } });
    expect(update.$set?.outboxPending).toBe(true);
    // The part-one scores were known: only the result's two versions (no scoring.nardi.scored.v1).
    expect(outboxOf(update).map((e) => e.type)).toEqual([EventTypes.nardiCompletedV2, EventTypes.nardiCompleted]);
  });

  it('gives both the same fact: the same completedAt and result, the v2 with its required scores; the v1 as v1 always was', async () => {
    const { deps, writes } = depsHolding(null);
    // As the consumer runs it: inside the correlation id of the participants event.
    await withCorrelationId('req-0001', () => completeNardiSurvey(deps, source, COMPLETION));
    const events = outboxOf(writes[0]!.update);
    const v2 = events.find((e) => e.type === EventTypes.nardiCompletedV2);
    const v1 = events.find((e) => e.type === EventTypes.nardiCompleted);

    const result = { typeCode: 'INTJ', consistency: 10, selectedTemperament: 'NT', selectedFP: 'NTJ', completedAt: COMPLETED_AT.toISOString() };
    expect(nardiCompletedV2DataSchema.parse(v2?.data)).toEqual({ ...result, scores: SAMPLE_SCORES });
    expect(nardiCompletedDataSchema.parse(v1?.data)).toEqual({ ...result, scores: SAMPLE_SCORES });
    for (const event of [v1, v2]) {
      expect(event).toMatchObject({ source: 'svc-scoring', subject: PG_ID, correlationid: 'req-0001', time: NOW.toISOString() });
    }
    // Two events (two ids, each deduplicated on its own by its consumers), one fact.
    expect(v1?.id).not.toBe(v2?.id);
    // Scored here for the first time: the scores are announced before the result.
    expect(events.map((e) => e.type)).toEqual([EventTypes.nardiScored, EventTypes.nardiCompletedV2, EventTypes.nardiCompleted]);
  });

  it('publishes neither again for the same completion delivered again', async () => {
    const { deps, writes } = depsHolding(null);
    await completeNardiSurvey(deps, source, COMPLETION);
    const stored = writes[0]!.update.$set as Partial<ScoreDocument>;
    const again = depsHolding({ _id: PG_ID, nardi: stored.nardi });
    expect(await completeNardiSurvey(again.deps, source, COMPLETION)).toBe('unchanged');
    expect(again.writes).toHaveLength(0);
  });
});
