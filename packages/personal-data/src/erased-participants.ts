import { createHash } from 'node:crypto';
import { MongoServerError, type Collection, type Db } from 'mongodb';

export const ERASED_COLLECTION = 'erased-participants';

/**
 * Participants who asked for erasure, so a late event about them never recreates their data.
 * Kept by a SHA-256 of the study ID: enough to recognise the participant, nothing to read back.
 */
export interface ErasedDocument {
  _id: string;
  erasedAt: Date;
}

const DUPLICATE_KEY = 11000;

function fingerprint(pgId: string): string {
  return createHash('sha256').update(pgId.toLowerCase(), 'utf8').digest('hex');
}

export class ErasedParticipants {
  readonly collection: Collection<ErasedDocument>;

  constructor(db: Db) {
    this.collection = db.collection<ErasedDocument>(ERASED_COLLECTION);
  }

  /** Records the erasure; recording it again is a no-op. */
  async mark(pgId: string, erasedAt: Date): Promise<void> {
    try {
      await this.collection.insertOne({ _id: fingerprint(pgId), erasedAt });
    } catch (err) {
      if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) throw err;
    }
  }

  /** One find by id (a count is an aggregation, which costs the embedded database several times more). */
  async isErased(pgId: string): Promise<boolean> {
    return (await this.collection.findOne({ _id: fingerprint(pgId) }, { projection: { _id: 1 } })) !== null;
  }
}
