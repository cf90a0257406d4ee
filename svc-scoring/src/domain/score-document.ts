import { compact, type LockedDocument } from '@study/document-writes';
import type { CloudEvent } from '@study/event-bus';
import type { ScoreDocument } from '../data-access/scores-collection';
import type { ScoreFields } from '../data-access/scores-repository';
import type { ScoringDeps } from './deps';
import { planFinalScore, type ClearReason, type FinalScorePlan } from './final-score/plan-final-score';

/** The participants event being applied: whose and when. */
export interface SourceEvent {
  pgId: string;
  time: Date;
}

/** The score document as a change leaves it: `fields` replaced whole (a new document when there was none). */
export function withFields(doc: ScoreDocument | null, pgId: string, fields: ScoreFields): ScoreDocument {
  return { ...(doc ?? { _id: pgId }), ...compact(fields) };
}

/**
 * The final score of the document as a change leaves it (domain.md section 5, planFinalScore):
 * computed once the three required surveys are done, computed again when an input changed, cleared
 * for `clearReason` when the inputs no longer allow it, else as it was. A change stores it and its
 * event in its own write.
 */
export function recomputeFinalScore(deps: Pick<ScoringDeps, 'service' | 'now'>, next: ScoreDocument, clearReason: ClearReason = 'inputs-incomplete'): FinalScorePlan {
  return planFinalScore(next, { now: deps.now(), clearReason, service: deps.service });
}

/** The event announcing the recomputed final score (finalized or cleared), none when it is as it was. */
export function finalScoreEvents(finalScore: FinalScorePlan): CloudEvent[] {
  return finalScore.event ? [finalScore.event] : [];
}

/** Stores the change's fields with the final score recomputed from them, in the change's one write. */
export async function saveScores(deps: ScoringDeps, source: SourceEvent, document: LockedDocument<ScoreDocument>, fields: ScoreFields, finalScore: FinalScorePlan): Promise<void> {
  await deps.scores.save(document, { fields, finalScore, now: deps.now() });
  if (finalScore.kind !== 'unchanged') deps.logger.info({ pgId: source.pgId, finalScore: finalScore.kind, version: finalScore.version, typeCode: finalScore.typeCode }, 'final score updated');
}
