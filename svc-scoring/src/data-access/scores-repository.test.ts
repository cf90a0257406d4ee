import type { Db } from 'mongodb';
import { SAMPLE_ANSWERS, SAMPLE_SCORES } from '@study/personality/testing';
import type { LockedDocument } from '@study/document-writes';
import type { NardiRecord, ScoreDocument, StoredFinalScore } from './scores-collection';
import { ScoresRepository } from './scores-repository';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const NOW = new Date('2025-03-01T10:00:02.000Z');
const NARDI: NardiRecord = { asOf: new Date('2025-03-01T10:00:00.000Z'), answers: SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value })), scores: SAMPLE_SCORES as never };
const FINAL_SCORE = { typeCode: 'INTJ', version: 2, computedAt: NOW } as StoredFinalScore;

/** A repository over a collection that answers `stored` to every read, and a write handle that records the update. */
function repositoryHolding(stored: Partial<ScoreDocument> | null) {
  const reads: unknown[][] = [];
  const collection = {
    findOne: async (...args: unknown[]) => {
      reads.push(args);
      return stored;
    },
  };
  const repository = new ScoresRepository({ collection: () => collection } as unknown as Db, {
    lock: { run: (_key, fn) => fn() },
    nudgeOutbox: () => undefined,
    erased: { isErased: async () => false },
  });
  const updates: unknown[][] = [];
  const document = { id: PG_ID, update: async (...args: unknown[]) => void updates.push(args) } as unknown as LockedDocument<ScoreDocument>;
  return { repository, reads, updates, document };
}

describe('ScoresRepository', () => {
  it('saves the fields, the recomputed final score and the time in one upsert, the Nardi record as JSON text', async () => {
    const { repository, updates, document } = repositoryHolding(null);
    await repository.save(document, { fields: { nardi: NARDI, inputs: undefined }, finalScore: { kind: 'finalize', set: { finalScore: FINAL_SCORE, finalScoreVersion: 2 } }, now: NOW });
    expect(updates).toEqual([
      [{ $set: { nardi: { asOf: NARDI.asOf, answers: JSON.stringify(NARDI.answers), scores: JSON.stringify(NARDI.scores) }, finalScore: FINAL_SCORE, finalScoreVersion: 2, updatedAt: NOW } }, { upsert: true }],
    ]);
  });

  it('removes a cleared final score and keeps its version; a change without a final score touches neither', async () => {
    const { repository, updates, document } = repositoryHolding(null);
    await repository.save(document, { fields: { inputs: { resetAt: NOW } }, finalScore: { kind: 'clear', set: { finalScoreVersion: 3 } }, now: NOW });
    await repository.save(document, { fields: { consentedAt: NOW }, now: NOW });
    expect(updates).toEqual([
      [{ $set: { inputs: { resetAt: NOW }, finalScoreVersion: 3, updatedAt: NOW }, $unset: { finalScore: '' } }, { upsert: true }],
      [{ $set: { consentedAt: NOW, updatedAt: NOW } }, { upsert: true }],
    ]);
  });

  it('reads a document with its Nardi record decoded, whichever form it was stored in', async () => {
    const coded = { _id: PG_ID, nardi: { asOf: NARDI.asOf, answers: JSON.stringify(NARDI.answers), scores: JSON.stringify(NARDI.scores) } };
    for (const stored of [coded, { _id: PG_ID, nardi: NARDI }]) {
      const { repository, reads } = repositoryHolding(stored as never);
      expect(await repository.find(PG_ID)).toEqual({ _id: PG_ID, nardi: NARDI });
      expect(await repository.findNardi(PG_ID)).toEqual({ _id: PG_ID, nardi: NARDI });
      expect(reads).toEqual([
        [{ _id: PG_ID }, { projection: { outbox: 0 } }],
        [{ _id: PG_ID }, { projection: { nardi: 1 } }],
      ]);
    }
  });
});
