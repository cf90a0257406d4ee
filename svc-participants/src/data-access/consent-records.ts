import type { Collection, Db } from 'mongodb';
import { PARTICIPANTS_COLLECTION } from './participants-repository';
import type { ConsentRecord } from '../domain/participant';

/** What the consent figures read of a participant: their consents on record and when they last consented. */
export interface ConsentHistory {
  _id: string;
  consents?: ConsentRecord[];
  consentedAt?: Date;
}

/** Reads the consent history of every participant who consents now (not withdrawn, not erased), one batch at a time (read only). */
export class ConsentHistoryReader {
  private readonly collection: Collection<ConsentHistory & { consent?: boolean; erased?: boolean }>;

  constructor(db: Db) {
    this.collection = db.collection(PARTICIPANTS_COLLECTION);
  }

  stream(): AsyncIterable<ConsentHistory> {
    return this.collection.find({ consent: true, erased: { $ne: true } }, { projection: { consents: 1, consentedAt: 1 }, batchSize: 500 });
  }
}
