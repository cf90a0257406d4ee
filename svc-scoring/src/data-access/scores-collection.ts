import type { Collection, Db } from 'mongodb';
import type { NardiAnswer } from '@study/contracts';
import type { CloudEvent } from '@study/event-bus';
import type { FunctionalPairCode, NardiScores, TemperamentCode, TypeCode } from '@study/personality';

export const SCORES_COLLECTION = 'scores';

export interface NardiSelections {
  selectedTemperament: TemperamentCode;
  selectedFP: FunctionalPairCode;
  selectedTypeCode: TypeCode;
}

export interface NardiFinal {
  typeCode: TypeCode;
  consistency: number;
  /** The time of the participants' completion event this result answers. */
  completedAt: Date;
  finalizedAt: Date;
}

/**
 * What scoring knows of a participant's Nardi survey. `asOf` is the time of the latest
 * participants event applied to it: an older event arriving late (after a retry, or from
 * before a reset) is ignored.
 */
export interface NardiRecord {
  asOf: Date;
  /** The 25 part-one answers, in id order. */
  answers?: NardiAnswer[];
  /** scoreNardi of the answers. */
  scores?: NardiScores;
  scoredAt?: Date;
  /** Parts two to four, once the survey is completed. */
  selections?: NardiSelections;
  final?: NardiFinal;
}

/**
 * One document per participant (`_id` = pgId) holding what scoring knows and computes about
 * them, with their pending events (outbox). Every write holds the document's keyed lock
 * (outboxLockKey(SCORES_COLLECTION, pgId)).
 */
export interface ScoreDocument {
  _id: string;
  nardi?: NardiRecord;
  updatedAt?: Date;
  outbox?: CloudEvent[];
}

export function scoresCollection(db: Db): Collection<ScoreDocument> {
  return db.collection<ScoreDocument>(SCORES_COLLECTION);
}
