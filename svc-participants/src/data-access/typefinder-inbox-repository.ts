import { MongoServerError, type AnyBulkWriteOperation, type Collection, type Db } from 'mongodb';
import type { TypeFinderResult } from '@study/contracts';
import { bulkUpdateInBatches } from './bulk-batches';

export const TYPEFINDER_INBOX_COLLECTION = 'typefinder-inbox';

/** Where a result came from. */
export type InboxSource = 'webhook' | 'import';

/**
 * One TypeFinder result waiting to be matched, keyed by the email the participant used at the
 * provider (lower-cased). A newer result for the same email replaces the older one.
 */
export interface InboxRowDocument {
  _id: string;
  typeCode: string;
  source: InboxSource;
  receivedAt: Date;
}

const DUPLICATE_KEY = 11000;

export class TypeFinderInboxRepository {
  readonly collection: Collection<InboxRowDocument>;

  constructor(db: Db) {
    this.collection = db.collection<InboxRowDocument>(TYPEFINDER_INBOX_COLLECTION);
  }

  /**
   * Stores the results in order, each replacing any earlier one for its email (so within one
   * batch the last row for an email wins). Emails must already be lower-cased. Answers how many
   * emails were new and how many had a result replaced.
   */
  async store(results: readonly TypeFinderResult[], source: InboxSource, now: Date): Promise<{ inserted: number; updated: number }> {
    if (results.length === 0) return { inserted: 0, updated: 0 };
    const operations: AnyBulkWriteOperation<InboxRowDocument>[] = results.map(({ email, typeCode }) => ({
      replaceOne: { filter: { _id: email }, replacement: { typeCode, source, receivedAt: now }, upsert: true },
    }));
    // In batches: FerretDB 1.24 hangs on one command with more than about 100 matching statements.
    const write = () => bulkUpdateInBatches(this.collection, operations);
    let outcome;
    try {
      outcome = await write();
    } catch (err) {
      // Two first results for one email at once: one upsert inserts, the other hits the key; again, it replaces.
      if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) throw err;
      outcome = await write();
    }
    return { inserted: outcome.upsertedCount, updated: outcome.matchedCount };
  }

  async find(email: string): Promise<InboxRowDocument | null> {
    return this.collection.findOne({ _id: email.toLowerCase() });
  }

  async remove(email: string): Promise<void> {
    await this.collection.deleteOne({ _id: email.toLowerCase() });
  }
}
