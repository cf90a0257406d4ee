import type { Collection, Db, UpdateFilter } from 'mongodb';
import { compact, createDocumentWriter, type Decision, type DocumentWriter, type LockedDocument } from '@study/document-writes';
import type { KeyedLock } from '@study/keyed-lock';
import type { ErasedParticipants } from '@study/personal-data';
import type { FinalScorePlan } from '../domain/final-score/plan-final-score';
import { codedNardi, SCORES_COLLECTION, scoreDocumentOf, scoresCollection, type NardiRecord, type ScoreDocument, type StoredFinalScore } from './scores-collection';

/** Top-level fields of a score document a change replaces, each whole. */
export type ScoreFields = Partial<Pick<ScoreDocument, 'consentedAt' | 'nardi' | 'inputs'>>;

/** What one change stores: its fields, the final score as recomputed with them (when it was), and the time. */
export interface ScoresSave {
  fields: ScoreFields;
  finalScore?: Pick<FinalScorePlan, 'kind' | 'set'>;
  now: Date;
}

/** The handle of one change's write (its document's lock held): ScoresRepository.save writes through it. */
export type ScoreWrite = LockedDocument<ScoreDocument>;

/** What the writes need besides the database: the lock they hold, the relay they wake, the erased participants they skip. */
export interface ScoreWriting {
  lock: KeyedLock;
  nudgeOutbox(collection: string, id: string): void;
  erased: Pick<ErasedParticipants, 'isErased'>;
}

/**
 * The score documents (one per participant, `_id` = pgId). Reads answer them with the Nardi
 * record decoded (scores-collection.ts keeps its bulky parts as JSON text); every write is a
 * change under the document's lock with its events in the same write (@study/document-writes).
 */
export class ScoresRepository {
  readonly collection: Collection<ScoreDocument>;

  private readonly writer: DocumentWriter<ScoreDocument, ScoreDocument | null>;

  constructor(db: Db, writing: ScoreWriting) {
    this.collection = scoresCollection(db);
    this.writer = createDocumentWriter<ScoreDocument, ScoreDocument | null>({
      collectionName: SCORES_COLLECTION,
      collection: this.collection,
      read: (id) => this.find(id),
      lock: writing.lock,
      nudgeOutbox: (collection, id) => writing.nudgeOutbox(collection, id),
      // Erasure deletes the document (under its lock, after marking the participant erased), so only
      // a change that finds none asks whether the participant was erased.
      isErased: (pgId, doc) => doc === null && writing.erased.isErased(pgId),
    });
  }

  /** The participant's score document without its outbox, or null (none yet, or erased). */
  async find(pgId: string): Promise<ScoreDocument | null> {
    return scoreDocumentOf(await this.collection.findOne({ _id: pgId }, { projection: { outbox: 0 } }));
  }

  /** The participant's Nardi record (undefined before any), or null without a document. */
  async findNardi(pgId: string): Promise<{ nardi?: NardiRecord } | null> {
    return scoreDocumentOf(await this.collection.findOne({ _id: pgId }, { projection: { nardi: 1 } }));
  }

  /** The participant's stored final score, if any. */
  async findFinalScore(pgId: string): Promise<StoredFinalScore | undefined> {
    return (await this.collection.findOne({ _id: pgId }, { projection: { finalScore: 1 } }))?.finalScore;
  }

  /**
   * Under the document's lock: reads it (null when there is none), answers 'erased' for an erased
   * participant, else asks `decide`, whose change (a write through `save`, and its events) is stored
   * in one write (@study/document-writes).
   */
  change<R extends string = 'unchanged' | 'stale'>(pgId: string, decide: (doc: ScoreDocument | null) => Decision<ScoreDocument, R>): Promise<R | 'stored' | 'erased'> {
    return this.writer.change<R>(pgId, decide);
  }

  /**
   * One update (an upsert: the first event about a participant makes their document): the fields
   * replaced whole (undefined ones dropped, the Nardi record coded), the final score's fields (a
   * cleared score removed), and the time.
   */
  async save(document: ScoreWrite, { fields, finalScore, now }: ScoresSave): Promise<void> {
    const set = compact(fields);
    const stored = set.nardi ? { ...set, nardi: codedNardi(set.nardi) } : set;
    const update = { $set: { ...stored, ...finalScore?.set, updatedAt: now } } as UpdateFilter<ScoreDocument>;
    if (finalScore?.kind === 'clear') update.$unset = { finalScore: '' };
    await document.update(update, { upsert: true });
  }
}
