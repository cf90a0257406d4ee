import type { Collection, Db } from 'mongodb';

export const SCORES_COLLECTION = 'scores';

/**
 * One document per participant (`_id` = pgId) holding what scoring knows and computes about
 * them: Nardi results and the final score, with their pending events (outbox). The fields
 * arrive with the scoring flows.
 */
export interface ScoreDocument {
  _id: string;
}

export function scoresCollection(db: Db): Collection<ScoreDocument> {
  return db.collection<ScoreDocument>(SCORES_COLLECTION);
}
