import { outboxLockKey, withOutbox, type CloudEvent } from '@study/event-bus';
import type { UpdateFilter } from 'mongodb';
import { SCORES_COLLECTION, type ScoreDocument } from '../data-access/scores-collection';
import type { ScoringDeps } from './deps';
import { planFinalScore, type ClearReason } from './final-score/plan-final-score';

/** The keyed-lock key every write of one score document holds (the outbox relay's too). */
export function scoreLockKey(pgId: string): string {
  return outboxLockKey(SCORES_COLLECTION, pgId);
}

/** What a participants event (or a request) did here. */
export type ApplyOutcome = 'stored' | 'unchanged' | 'stale' | 'erased';

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

/** Drops undefined fields at any depth of plain objects, so they are not stored as null. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => compact(item)) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined).map(([key, field]) => [key, compact(field)])) as T;
}

/**
 * Applies a change to the participant's score document under its lock, then brings the final
 * score up to date with the result (computed, computed again, or cleared): the new fields, the
 * final score and every event they cause are stored in one write (outbox). Nothing is written
 * for an erased participant (their data must not come back) or when `change` decides nothing
 * changed.
 */
export async function changeScoreDocument(deps: ScoringDeps, source: SourceEvent, change: (doc: ScoreDocument | null) => ScoreChange): Promise<ApplyOutcome> {
  const outcome = await deps.lock.run(scoreLockKey(source.pgId), async (): Promise<ApplyOutcome> => {
    if (await deps.erased.isErased(source.pgId)) return 'erased';
    const doc = await deps.scores.findOne({ _id: source.pgId }, { projection: { outbox: 0 } });
    const result = change(doc);
    if (result === 'stale' || result === 'unchanged') return result;

    const set = compact(result.set);
    const next: ScoreDocument = { ...(doc ?? { _id: source.pgId }), ...set };
    const plan = planFinalScore(next, { now: deps.now(), clearReason: result.clearReason ?? 'inputs-incomplete', service: deps.service, correlationId: source.correlationId });
    const events = [...(result.events ?? []), ...(plan.event ? [plan.event] : [])];
    if (Object.keys(set).length === 0 && events.length === 0) return 'unchanged';

    const update: UpdateFilter<ScoreDocument> = { $set: { ...set, ...plan.set, updatedAt: deps.now() } };
    if (plan.kind === 'clear') update.$unset = { finalScore: '' };
    await deps.scores.updateOne({ _id: source.pgId }, withOutbox<ScoreDocument>(update, ...events), { upsert: true });
    if (events.length > 0) deps.nudgeOutbox(SCORES_COLLECTION, source.pgId);
    if (plan.kind !== 'unchanged') deps.logger.info({ pgId: source.pgId, finalScore: plan.kind, version: plan.version, typeCode: plan.typeCode }, 'final score updated');
    return 'stored';
  });
  return outcome;
}
