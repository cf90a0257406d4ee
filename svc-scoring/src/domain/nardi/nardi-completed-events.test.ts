import { EventTypes, nardiCompletedDataSchema, nardiCompletedV2DataSchema, type NardiCompletedV2Data } from '@study/contracts';
import { SAMPLE_DICHOT_PREF, SAMPLE_FUNCTIONAL_PAIRS, SAMPLE_INTERACTION_STYLES, SAMPLE_TEMPERAMENTS, SAMPLE_TYPE_CODES } from '@study/personality/testing';
import { withCorrelationId } from '@study/event-bus';
import { nardiCompletedEvents } from './nardi-completed-events';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const TIME = new Date('2025-03-01T10:00:02.000Z');
const RESULT = nardiCompletedV2DataSchema.parse({
  typeCode: 'INFJ',
  consistency: 6,
  selectedTemperament: 'NF',
  selectedFP: 'NFJ',
  completedAt: '2025-03-01T10:00:00.000Z',
  scores: { typeCodes: SAMPLE_TYPE_CODES, functionalPairs: SAMPLE_FUNCTIONAL_PAIRS, temperaments: SAMPLE_TEMPERAMENTS, dichotPref: SAMPLE_DICHOT_PREF, interactionStyles: SAMPLE_INTERACTION_STYLES },
});

describe('nardiCompletedEvents', () => {
  const source = { pgId: PG_ID, time: new Date(RESULT.completedAt) };

  it('builds scoring.nardi.completed.v2 and, beside it, v1: one result, the same completedAt, the scores in both', () => {
    const [v2, v1] = withCorrelationId('req-0002', () => nardiCompletedEvents('svc-scoring', source, RESULT, TIME));
    expect(v2).toMatchObject({ type: 'scoring.nardi.completed.v2', source: 'svc-scoring', subject: PG_ID, correlationid: 'req-0002', time: TIME.toISOString(), data: RESULT });
    expect(v1).toMatchObject({ type: EventTypes.nardiCompleted, source: 'svc-scoring', subject: PG_ID, correlationid: 'req-0002', time: TIME.toISOString(), data: RESULT });
    expect((v1?.data as NardiCompletedV2Data).completedAt).toBe((v2?.data as NardiCompletedV2Data).completedAt);
    // What a consumer that knows only v1 reads of it: the result as before.
    expect(nardiCompletedDataSchema.parse(v1?.data)).toEqual(RESULT);
  });

  it('refuses a result without its scores (v2 requires them), so no half of the pair is ever built', () => {
    const { scores: _dropped, ...withoutScores } = RESULT;
    expect(() => nardiCompletedEvents('svc-scoring', source, withoutScores as NardiCompletedV2Data, TIME)).toThrow();
  });
});
