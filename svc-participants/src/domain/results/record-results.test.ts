import type { Logger } from 'pino';
import type { ReportGeneratedData, ScoreClearedData, ScoreFinalizedData } from '@study/contracts';
import type { ParticipantRecord, ParticipantWrite } from '../../data-access/participants-repository';
import type { ParticipantsDeps } from '../deps';
import { newParticipant, type Participant } from '../participant';
import { clearFinalScore, recordFinalReport, recordFinalScore } from './record-results';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const COMPUTED_AT = '2025-03-01T10:00:00.000Z';
const finalized = (version: number): ScoreFinalizedData => ({ version, typeCode: 'INTJ', computedAt: COMPUTED_AT }) as ScoreFinalizedData;
const report = (scoreVersion: number, generatedAt = '2025-03-01T10:00:01.000Z') => ({ scoreVersion, generatedAt }) as ReportGeneratedData;

/** svc-participants' dependencies over one participant as read (`record`), recording what each result stores. */
function depsHolding(record: ParticipantRecord) {
  const stored: unknown[] = [];
  const write = (change: unknown) => async (document: ParticipantWrite) => {
    stored.push(change);
    await document.update({ $set: {} });
  };
  const deps = {
    participants: {
      find: async () => record,
      collection: { updateOne: async () => ({ acknowledged: true }) },
      setFinalScore: (document: ParticipantWrite, change: unknown) => write(change)(document),
      setFinalReport: (document: ParticipantWrite, change: unknown) => write(change)(document),
    },
    lock: { run: <T>(_key: string, fn: () => Promise<T>) => fn() },
    nudgeOutbox: () => undefined,
    resultsChanged: () => undefined,
    logger: { info: () => undefined } as unknown as Logger,
    now: () => new Date(COMPUTED_AT),
  } as unknown as ParticipantsDeps;
  return { deps, stored };
}

const holding = (fields: Partial<Participant>): ParticipantRecord => ({ state: 'active', participant: { ...newParticipant(PG_ID), ...fields }, stored: { _id: PG_ID } as never });

describe('the final score as svc-participants keeps it: only a newer version wins', () => {
  it('stores the first version over none (a participant without one holds version 0)', async () => {
    const { deps, stored } = depsHolding(holding({}));
    expect(await recordFinalScore(deps, PG_ID, finalized(1))).toBe('stored');
    expect(stored).toEqual([expect.objectContaining({ finalScoreVersion: 1, finalScore: { typeCode: 'INTJ', computedAt: COMPUTED_AT } })]);
  });

  it('refuses the same version again and an older one, finalized or cleared', async () => {
    const { deps, stored } = depsHolding(holding({ finalScoreVersion: 3 }));
    for (const version of [3, 2]) {
      expect(await recordFinalScore(deps, PG_ID, finalized(version))).toBe('stale');
      expect(await clearFinalScore(deps, PG_ID, { version, reason: 'reset', clearedAt: COMPUTED_AT } as ScoreClearedData)).toBe('stale');
    }
    expect(stored).toEqual([]);
    expect(await clearFinalScore(deps, PG_ID, { version: 4, reason: 'reset', clearedAt: COMPUTED_AT } as ScoreClearedData)).toBe('stored');
  });

  it('keeps a report that came first for the new version, drops one of an older version', async () => {
    const early = { scoreVersion: 2, generatedAt: '2025-03-01T10:00:01.000Z' };
    const kept = depsHolding(holding({ finalScoreVersion: 1, finalReport: early }));
    await recordFinalScore(kept.deps, PG_ID, finalized(2));
    expect(kept.stored).toEqual([expect.objectContaining({ finalReport: early })]);
    const dropped = depsHolding(holding({ finalScoreVersion: 1, finalReport: { ...early, scoreVersion: 1 } }));
    await recordFinalScore(dropped.deps, PG_ID, finalized(2));
    expect(dropped.stored).toEqual([expect.objectContaining({ finalReport: null })]);
  });

  it('takes a report of the current score or a newer one; the same one again changes nothing, the same version made again replaces it', async () => {
    const held = { scoreVersion: 2, generatedAt: '2025-03-01T10:00:01.000Z' };
    const { deps, stored } = depsHolding(holding({ finalScoreVersion: 2, finalReport: held }));
    expect(await recordFinalReport(deps, PG_ID, report(1))).toBe('stale');
    expect(await recordFinalReport(deps, PG_ID, report(2))).toBe('unchanged');
    expect(await recordFinalReport(deps, PG_ID, report(2, '2025-03-01T10:05:00.000Z'))).toBe('stored');
    expect(await recordFinalReport(deps, PG_ID, report(3))).toBe('stored');
    expect(stored).toEqual([
      { generatedAt: '2025-03-01T10:05:00.000Z', scoreVersion: 2 },
      { generatedAt: '2025-03-01T10:00:01.000Z', scoreVersion: 3 },
    ]);
  });

  it('stores nothing for an erased participant, whatever the version (not-found)', async () => {
    const { deps, stored } = depsHolding({ state: 'erased' });
    expect(await recordFinalScore(deps, PG_ID, finalized(99))).toBe('not-found');
    expect(await recordFinalReport(deps, PG_ID, report(99))).toBe('not-found');
    expect(stored).toEqual([]);
  });
});
