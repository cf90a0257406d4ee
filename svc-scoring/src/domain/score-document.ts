import { compact, createDocumentWriter, type ApplyOutcome, type DocumentWriter } from '@study/document-writes';
import type { CloudEvent } from '@study/event-bus';
import type { UpdateFilter } from 'mongodb';
import { codedNardi, SCORES_COLLECTION, scoreDocumentOf, type ScoreDocument } from '../data-access/scores-collection';
import type { ScoringDeps } from './deps';
import { planFinalScore, type ClearReason } from './final-score/plan-final-score';

/** The score documents: each change under the document's lock, with its events in the same write. */
export function scoreDocuments(deps: ScoringDeps): DocumentWriter<ScoreDocument, ScoreDocument | null> {
  return createDocumentWriter<ScoreDocument, ScoreDocument | null>({
    collectionName: SCORES_COLLECTION,
    collection: deps.scores,
    // The Nardi record decoded (scores-collection.ts keeps its bulky parts as JSON text).
    read: async (id) => scoreDocumentOf(await deps.scores.findOne({ _id: id }, { projection: { outbox: 0 } })),
    lock: deps.lock,
    nudgeOutbox: (collection, id) => deps.nudgeOutbox(collection, id),
    // Erasure deletes the document (under its lock, after marking the participant erased), so only
    // a change that finds none asks whether the participant was erased.
    isErased: (pgId, doc) => doc === null && deps.erased.isErased(pgId),
  });
}

/** The participants event being applied: whose, when, and the request that caused it. */
export interface SourceEvent {
  pgId: string;
  time: Date;
  correlationId?: string;
}

/** Top-level fields of a score document a change may replace (each whole). */
export type ScoreFields = Partial<Pick<ScoreDocument, 'consentedAt' | 'nardi' | 'inputs'>>;

/**
 * What a change decides: the fields to replace and the events they cause, or why nothing is
 * written. `clearReason` says why a final score that can no longer stand is cleared.
 */
export type ScoreChange = { set: ScoreFields; events?: CloudEvent[]; clearReason?: ClearReason } | 'unchanged' | 'stale';

/**
 * Applies a change to the participant's score document under its lock, then brings the final
 * score up to date with the result (computed, computed again, or cleared): the new fields, the
 * final score and every event they cause are stored in one write (outbox). Nothing is written
 * for an erased participant (their data must not come back) or when `change` decides nothing
 * changed.
 */
export function changeScoreDocument(deps: ScoringDeps, source: SourceEvent, change: (doc: ScoreDocument | null) => ScoreChange): Promise<ApplyOutcome> {
  return scoreDocuments(deps).change(source.pgId, (doc) => {
    const result = change(doc);
    if (result === 'stale' || result === 'unchanged') return result;

    const set = compact(result.set);
    const next: ScoreDocument = { ...(doc ?? { _id: source.pgId }), ...set };
    const plan = planFinalScore(next, { now: deps.now(), clearReason: result.clearReason ?? 'inputs-incomplete', service: deps.service, correlationId: source.correlationId });
    const events = [...(result.events ?? []), ...(plan.event ? [plan.event] : [])];
    if (Object.keys(set).length === 0 && events.length === 0) return 'unchanged';

    const stored = set.nardi ? { ...set, nardi: codedNardi(set.nardi) } : set;
    const update = { $set: { ...stored, ...plan.set, updatedAt: deps.now() } } as UpdateFilter<ScoreDocument>;
    if (plan.kind === 'clear') update.$unset = { finalScore: '' };
    return {
      events,
      write: async (document) => {
        await document.update(update, { upsert: true });
        if (plan.kind !== 'unchanged') deps.logger.info({ pgId: source.pgId, finalScore: plan.kind, version: plan.version, typeCode: plan.typeCode }, 'final score updated');
      },
    };
  });
}
