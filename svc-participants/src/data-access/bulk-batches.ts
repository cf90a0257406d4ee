import type { AnyBulkWriteOperation, BulkWriteResult, Collection, Document } from 'mongodb';

/**
 * FerretDB 1.24 holds one database connection per update statement that matches a document
 * until the whole command ends, and hangs once its pool is used up (the embedded stack gives each
 * FerretDB 20 PostgreSQL connections): update and replace statements go to the database in
 * commands of at most this many, leaving connections for everything else.
 */
export const UPDATES_PER_COMMAND = 12;

/** The five counts of a bulk write (product.md section 3). */
export interface WriteCounts {
  insertedCount: number;
  matchedCount: number;
  modifiedCount: number;
  deletedCount: number;
  upsertedCount: number;
}

export const NO_WRITES: WriteCounts = { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 };

export function addCounts(a: WriteCounts, b: Pick<BulkWriteResult, keyof WriteCounts>): WriteCounts {
  return {
    insertedCount: a.insertedCount + b.insertedCount,
    matchedCount: a.matchedCount + b.matchedCount,
    modifiedCount: a.modifiedCount + b.modifiedCount,
    deletedCount: a.deletedCount + b.deletedCount,
    upsertedCount: a.upsertedCount + b.upsertedCount,
  };
}

/** One ordered bulk write of update (or replace) statements, sent UPDATES_PER_COMMAND at a time; the counts are summed. */
export async function bulkUpdateInBatches<T extends Document>(collection: Collection<T>, operations: readonly AnyBulkWriteOperation<T>[]): Promise<WriteCounts> {
  let counts = NO_WRITES;
  for (let start = 0; start < operations.length; start += UPDATES_PER_COMMAND) {
    counts = addCounts(counts, await collection.bulkWrite(operations.slice(start, start + UPDATES_PER_COMMAND), { ordered: true }));
  }
  return counts;
}
