import type { Logger } from 'pino';
import { EventTypes, nardiScoresSchema, type NardiCompletedData } from '@study/contracts';
import { SAMPLE_DICHOT_PREF, SAMPLE_FUNCTIONAL_PAIRS, SAMPLE_INTERACTION_STYLES, SAMPLE_TEMPERAMENTS, SAMPLE_TYPE_CODES } from '@study/personality/testing';
import { codedScores, storedScores, type ReportDocument } from '../../data-access/reports-collection';
import { ReportsRepository } from '../../data-access/reports-repository';
import type { ReportsDeps } from '../deps';
import { recordNardiResult } from './record-nardi-events';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const SCORES = nardiScoresSchema.parse({
  typeCodes: SAMPLE_TYPE_CODES,
  functionalPairs: SAMPLE_FUNCTIONAL_PAIRS,
  temperaments: SAMPLE_TEMPERAMENTS,
  dichotPref: SAMPLE_DICHOT_PREF,
  interactionStyles: SAMPLE_INTERACTION_STYLES,
});
const COMPLETED_AT = '2025-03-01T10:00:00.000Z';
const RESULT = { typeCode: 'INFJ', consistency: 6, selectedTemperament: 'NF', selectedFP: 'NFJ', completedAt: COMPLETED_AT } as NardiCompletedData;
const V2 = EventTypes.nardiCompletedV2;
const V1 = EventTypes.nardiCompleted;

/** One report document kept in memory, with the $set/$unset updates applied to it as the database would. */
function reportsHolding(initial: ReportDocument | null) {
  let doc = initial;
  let writes = 0;
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;
  const collection = {
    findOne: async () => doc,
    updateOne: async (_filter: unknown, update: { $set?: Partial<ReportDocument>; $unset?: Record<string, ''> }) => {
      writes += 1;
      const next: Record<string, unknown> = { ...(doc ?? { _id: PG_ID }), ...update.$set };
      for (const field of Object.keys(update.$unset ?? {})) delete next[field];
      doc = next as unknown as ReportDocument;
      return { acknowledged: true };
    },
  };
  const erased = { isErased: async () => false };
  const lock = { run: <T>(_key: string, fn: () => Promise<T>) => fn() };
  const deps = {
    service: 'svc-reports',
    reports: new ReportsRepository({ collection: () => collection } as never, { lock, nudgeOutbox: () => undefined, erased }),
    erased,
    lock,
    logger: quiet,
    now: () => new Date('2025-03-01T10:00:05.000Z'),
  } as unknown as ReportsDeps;
  return { deps, held: () => doc, writes: () => writes };
}

describe('recordNardiResult: scoring.nardi.completed.v2, and v1 from an older svc-scoring, are one fact per completion', () => {
  // The scores are kept as their JSON text.
  const expected = { ...RESULT, completedAt: new Date(COMPLETED_AT), scores: codedScores(SCORES) };

  it('stores the result of the first of the pair; the other version of the same completion changes nothing', async () => {
    for (const order of [
      [V2, V1],
      [V1, V2],
    ]) {
      const reports = reportsHolding({ _id: PG_ID, consentedAt: new Date('2025-02-01T00:00:00.000Z') });
      const outcomes = [];
      for (const type of order) outcomes.push(await recordNardiResult(reports.deps, PG_ID, { ...RESULT, scores: SCORES }, type!));
      expect(outcomes).toEqual(['stored', 'unchanged']);
      expect(reports.writes()).toBe(1);
      expect(reports.held()?.nardi).toEqual({ asOf: new Date(COMPLETED_AT), result: expected });
    }
  });

  it('stores a v1 alone (a svc-scoring release that publishes no v2) just as a v2', async () => {
    const fromV1 = reportsHolding(null);
    const fromV2 = reportsHolding(null);
    expect(await recordNardiResult(fromV1.deps, PG_ID, { ...RESULT, scores: SCORES }, V1)).toBe('stored');
    expect(await recordNardiResult(fromV2.deps, PG_ID, { ...RESULT, scores: SCORES }, V2)).toBe('stored');
    expect(fromV1.held()?.nardi).toEqual(fromV2.held()?.nardi);
  });

  it('adds the scores to a result whose v1 came without them, and keeps the result as it was', async () => {
    const reports = reportsHolding(null);
    await recordNardiResult(reports.deps, PG_ID, RESULT, V1);
    expect(reports.held()?.nardi?.result?.scores).toBeUndefined();
    expect(await recordNardiResult(reports.deps, PG_ID, { ...RESULT, scores: SCORES }, V2)).toBe('stored');
    expect(reports.held()?.nardi).toEqual({ asOf: new Date(COMPLETED_AT), result: expected });
    // ...and never takes them away again.
    expect(await recordNardiResult(reports.deps, PG_ID, RESULT, V1)).toBe('unchanged');
    expect(storedScores(reports.held()?.nardi?.result?.scores)).toEqual(SCORES);
  });

  it('replaces the result (and drops its report) only for a newer completion; an older one is stale', async () => {
    const reports = reportsHolding(null);
    await recordNardiResult(reports.deps, PG_ID, { ...RESULT, scores: SCORES }, V2);
    const later = '2025-03-02T10:00:00.000Z';
    expect(await recordNardiResult(reports.deps, PG_ID, { ...RESULT, typeCode: 'INTJ', completedAt: later, scores: SCORES }, V2)).toBe('stored');
    expect(reports.held()?.nardi?.result).toMatchObject({ typeCode: 'INTJ', completedAt: new Date(later) });
    expect(await recordNardiResult(reports.deps, PG_ID, { ...RESULT, scores: SCORES }, V1)).toBe('stale');
  });
});
