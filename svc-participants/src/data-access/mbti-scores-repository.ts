import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import type { MbtiScores } from '@study/contracts';
import { outboxFields, withOutbox, type CloudEvent, type OutboxEntry } from '@study/event-bus';
import { normalizePgId } from '@study/personality';
import type { Participant } from '../domain/participant';
import { addCounts, NO_WRITES, UPDATES_PER_COMMAND, type WriteCounts } from './bulk-batches';

export const MBTI_SCORES_COLLECTION = 'mbti-scores';

/** The scores' fields, in the order they are stored and compared. */
export const MBTI_SCORE_FIELDS = ['wholeType', 'pci1', 'pci2', 'pci3', 'pci4', 'dpref1', 'dpref2', 'dpref3', 'dpref4'] as const;

/**
 * One participant's official MBTI result, keyed by study ID: the scores of the last upload that
 * changed them, when that was, and (until the relay has published it) the
 * participants.mbti.uploaded.v1 event of that change (outbox).
 */
export interface MbtiScoresDocument extends MbtiScores {
  _id: string;
  uploadedAt: Date;
  outbox?: OutboxEntry[];
  /** Set with the outbox while it holds events (the relay's indexed sweep). */
  outboxPending?: true;
}

/** Only the score fields, in a fixed order (what is stored and what events carry). */
export function scoresOf(value: MbtiScores): MbtiScores {
  return Object.fromEntries(MBTI_SCORE_FIELDS.map((field) => [field, value[field]])) as unknown as MbtiScores;
}

export function sameScores(a: MbtiScores, b: MbtiScores): boolean {
  return MBTI_SCORE_FIELDS.every((field) => a[field] === b[field]);
}

/** The participant with their uploaded MBTI result, if any: dataReady and the type the dashboard shows. */
export function withMbtiResult(participant: Participant, result: { wholeType: string } | undefined): Participant {
  return result ? { ...participant, dataReady: true, mbtiType: result.wholeType } : participant;
}

/** A result to store with its event, for a bulk write. */
export interface NewMbtiResult {
  pgId: string;
  scores: MbtiScores;
  event: CloudEvent;
}

/**
 * The official MBTI results. Study IDs are stored in lower case. A document that exists is only
 * changed under its document lock (mbtiScoresLockKey, participant-documents.ts), since the outbox relay updates it too.
 */
export class MbtiScoresRepository {
  readonly collection: Collection<MbtiScoresDocument>;

  constructor(db: Db) {
    this.collection = db.collection<MbtiScoresDocument>(MBTI_SCORES_COLLECTION);
  }

  /** The uploaded type of one participant, or undefined. */
  async findResult(pgId: string): Promise<{ wholeType: string; uploadedAt: Date } | undefined> {
    const doc = await this.collection.findOne({ _id: normalizePgId(pgId) }, { projection: { wholeType: 1, uploadedAt: 1 } });
    return doc ? { wholeType: doc.wholeType, uploadedAt: doc.uploadedAt } : undefined;
  }

  /** New results, each with its event in the new document's outbox, in one bulk write; answers its counts. */
  async insertResults(added: readonly NewMbtiResult[], now: Date): Promise<WriteCounts> {
    if (added.length === 0) return NO_WRITES;
    const inserts: AnyBulkWriteOperation<MbtiScoresDocument>[] = added.map(({ pgId, scores, event }) => ({
      insertOne: { document: { _id: normalizePgId(pgId), ...scoresOf(scores), uploadedAt: now, ...outboxFields(event) } },
    }));
    return addCounts(NO_WRITES, await this.collection.bulkWrite(inserts, { ordered: true }));
  }

  /**
   * Changed results of participants who have one already, each with the event of the change, in
   * one bulk write of at most UPDATES_PER_COMMAND updates. The caller holds mbtiScoresLockKey of
   * each (the outbox relay writes these documents too). A result erased meanwhile is not
   * written again (no upsert). Answers the counts.
   */
  async updateResults(changed: readonly NewMbtiResult[], now: Date): Promise<WriteCounts> {
    if (changed.length === 0) return NO_WRITES;
    if (changed.length > UPDATES_PER_COMMAND) throw new RangeError(`at most ${UPDATES_PER_COMMAND} updates per bulk write`);
    const updates: AnyBulkWriteOperation<MbtiScoresDocument>[] = changed.map(({ pgId, scores, event }) => ({
      updateOne: { filter: { _id: normalizePgId(pgId) }, update: withOutbox<MbtiScoresDocument>({ $set: { ...scoresOf(scores), uploadedAt: now } }, event) },
    }));
    return addCounts(NO_WRITES, await this.collection.bulkWrite(updates, { ordered: true }));
  }

  /** Erasure: the participant's result goes, with any event of it not yet published. The caller holds mbtiScoresLockKey(pgId). */
  async remove(pgId: string): Promise<void> {
    await this.collection.deleteOne({ _id: normalizePgId(pgId) });
  }
}
