import type { Db } from 'mongodb';
import type { ReportDocument } from './reports-collection';
import { reportLockKey, ReportsRepository } from './reports-repository';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const NOW = new Date('2025-03-01T10:00:05.000Z');

/** A repository over a collection holding `stored`, recording the reads, the locks held and the updates written. */
function repositoryHolding(stored: ReportDocument | null, erased = false) {
  const reads: unknown[][] = [];
  const updates: unknown[][] = [];
  const keys: string[] = [];
  const collection = {
    findOne: async (...args: unknown[]) => {
      reads.push(args);
      return stored;
    },
    updateOne: async (...args: unknown[]) => void updates.push(args),
  };
  const repository = new ReportsRepository({ collection: () => collection } as unknown as Db, {
    lock: { run: (key, fn) => (keys.push(key), fn()) },
    nudgeOutbox: () => undefined,
    erased: { isErased: async () => erased },
  });
  return { repository, reads, updates, keys };
}

describe('ReportsRepository', () => {
  it("saves a change in one upsert under the document's lock: fields replaced (undefined ones dropped), fields removed, the time", async () => {
    const { repository, updates, keys } = repositoryHolding({ _id: PG_ID });
    const outcome = await repository.change(PG_ID, () => ({
      write: (document) => repository.save(document, { set: { scoreVersion: 3, finalScore: undefined }, unset: ['finalScore', 'finalReport'], now: NOW }),
    }));
    expect(outcome).toBe('stored');
    expect(keys).toEqual([reportLockKey(PG_ID)]);
    expect(updates).toEqual([[{ _id: PG_ID }, { $set: { scoreVersion: 3, updatedAt: NOW }, $unset: { finalScore: '', finalReport: '' } }, { upsert: true }]]);
  });

  it('writes nothing for an erased participant (no document left) and does not ask decide', async () => {
    const { repository, updates } = repositoryHolding(null, true);
    const decide = jest.fn(() => 'unchanged' as const);
    await expect(repository.change(PG_ID, decide)).resolves.toBe('erased');
    expect(decide).not.toHaveBeenCalled();
    expect(updates).toEqual([]);
  });

  it('reads what each use reads, never the outbox', async () => {
    const { repository, reads } = repositoryHolding({ _id: PG_ID, scoreVersion: 1 });
    await repository.find(PG_ID);
    await repository.findFinalReport(PG_ID);
    await repository.findFinalScore(PG_ID);
    expect(reads.map(([, options]) => options)).toEqual([{ projection: { outbox: 0 } }, { projection: { finalScore: 1, finalReport: 1 } }, { projection: { finalScore: 1 } }]);
  });

  it('keeps one update without $unset when nothing is removed', async () => {
    const { repository, updates } = repositoryHolding(null);
    await repository.change(PG_ID, () => ({ write: (document) => repository.save(document, { set: { consentedAt: NOW }, now: NOW }) }));
    expect(updates).toEqual([[{ _id: PG_ID }, { $set: { consentedAt: NOW, updatedAt: NOW } }, { upsert: true }]]);
  });
});
