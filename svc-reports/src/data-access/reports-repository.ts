import type { Collection, Db, UpdateFilter } from 'mongodb';
import { compact, createDocumentWriter, documentLockKey, type Decision, type DocumentWriter, type LockedDocument } from '@study/document-writes';
import type { KeyedLock } from '@study/keyed-lock';
import type { ErasedParticipants } from '@study/personal-data';
import { REPORTS_COLLECTION, reportsCollection, type FinalScoreRecord, type ReportDocument } from './reports-collection';

/** The fields of a report document a change replaces (each whole) or removes. */
export type ReportFields = Omit<ReportDocument, '_id' | 'outbox' | 'updatedAt'>;

/** What one change stores: the fields it replaces and removes, and the time. */
export interface ReportSave {
  set?: Partial<ReportFields>;
  unset?: (keyof ReportFields)[];
  now: Date;
}

/** The handle of one change's write (its document's lock held): ReportsRepository.save writes through it. */
export type ReportWrite = LockedDocument<ReportDocument>;

/** What the writes need besides the database: the lock they hold, the relay they wake, the erased participants they skip. */
export interface ReportWriting {
  lock: KeyedLock;
  nudgeOutbox(collection: string, id: string): void;
  erased: Pick<ErasedParticipants, 'isErased'>;
}

/** The keyed-lock key every write of one report document holds (the outbox relay's too). */
export function reportLockKey(pgId: string): string {
  return documentLockKey(REPORTS_COLLECTION, pgId);
}

/**
 * The report documents (one per participant, `_id` = pgId): their reads, and every write as a
 * change under the document's lock with its events in the same write (@study/document-writes).
 */
export class ReportsRepository {
  readonly collection: Collection<ReportDocument>;

  private readonly writer: DocumentWriter<ReportDocument, ReportDocument | null>;

  constructor(db: Db, writing: ReportWriting) {
    this.collection = reportsCollection(db);
    this.writer = createDocumentWriter<ReportDocument>({
      collectionName: REPORTS_COLLECTION,
      collection: this.collection,
      lock: writing.lock,
      nudgeOutbox: (collection, id) => writing.nudgeOutbox(collection, id),
      // Erasure deletes the document (under its lock, after marking the participant erased), so only
      // a change that finds none asks whether the participant was erased.
      isErased: (pgId, doc) => doc === null && writing.erased.isErased(pgId),
    });
  }

  /** The participant's report document without its outbox, or null (none yet, or erased). */
  find(pgId: string): Promise<ReportDocument | null> {
    return this.collection.findOne({ _id: pgId }, { projection: { outbox: 0 } });
  }

  /** What the final report's download reads: the final score and the report stored for it; null without a document. */
  findFinalReport(pgId: string): Promise<Pick<ReportDocument, '_id' | 'finalScore' | 'finalReport'> | null> {
    return this.collection.findOne({ _id: pgId }, { projection: { finalScore: 1, finalReport: 1 } });
  }

  /** The participant's current final score, if any. */
  async findFinalScore(pgId: string): Promise<FinalScoreRecord | undefined> {
    return (await this.collection.findOne({ _id: pgId }, { projection: { finalScore: 1 } }))?.finalScore;
  }

  /**
   * Under the document's lock: reads it (null when there is none), answers 'erased' for an erased
   * participant, else asks `decide`, whose change (a write through `save`, and its events) is stored
   * in one write (@study/document-writes).
   */
  change<R extends string = 'unchanged' | 'stale'>(
    pgId: string,
    decide: (doc: ReportDocument | null) => Decision<ReportDocument, R> | Promise<Decision<ReportDocument, R>>,
  ): Promise<R | 'stored' | 'erased'> {
    return this.writer.change<R>(pgId, decide);
  }

  /** One update (an upsert: the first event about a participant makes their document): fields replaced (undefined ones dropped), fields removed, the time. */
  async save(document: ReportWrite, { set = {}, unset = [], now }: ReportSave): Promise<void> {
    const update: UpdateFilter<ReportDocument> = { $set: { ...compact(set), updatedAt: now } };
    if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((field) => [field, '']));
    await document.update(update, { upsert: true });
  }
}
