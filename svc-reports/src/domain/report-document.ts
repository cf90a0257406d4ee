import { outboxLockKey, withOutbox, type CloudEvent } from '@study/event-bus';
import type { UpdateFilter } from 'mongodb';
import { REPORTS_COLLECTION, type ReportDocument } from '../data-access/reports-collection';
import type { ReportsDeps } from './deps';

/** The keyed-lock key every write of one report document holds (the outbox relay's too). */
export function reportLockKey(pgId: string): string {
  return outboxLockKey(REPORTS_COLLECTION, pgId);
}

/** What an event (or a request) did here. */
export type ApplyOutcome = 'stored' | 'unchanged' | 'stale' | 'erased';

type Fields = Omit<ReportDocument, '_id' | 'outbox' | 'updatedAt'>;

/** The fields to replace (each whole) and remove, and the events the change causes. */
export type ReportChange = { set?: Partial<Fields>; unset?: (keyof Fields)[]; events?: CloudEvent[] } | 'unchanged' | 'stale';

/** Drops undefined fields at any depth of plain objects, so they are not stored as null. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => compact(item)) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined).map(([key, field]) => [key, compact(field)])) as T;
}

/**
 * Applies a change to the participant's report document under its lock, with the events it
 * causes in the same write (outbox). Nothing is written for an erased participant (their data
 * must not come back).
 */
export async function changeReportDocument(deps: ReportsDeps, pgId: string, change: (doc: ReportDocument | null) => ReportChange | Promise<ReportChange>): Promise<ApplyOutcome> {
  return deps.lock.run(reportLockKey(pgId), async (): Promise<ApplyOutcome> => {
    if (await deps.erased.isErased(pgId)) return 'erased';
    const doc = await deps.reports.findOne({ _id: pgId }, { projection: { outbox: 0 } });
    const result = await change(doc);
    if (result === 'stale' || result === 'unchanged') return result;
    const update: UpdateFilter<ReportDocument> = { $set: { ...compact(result.set ?? {}), updatedAt: deps.now() } };
    if (result.unset && result.unset.length > 0) update.$unset = Object.fromEntries(result.unset.map((field) => [field, '']));
    const events = result.events ?? [];
    await deps.reports.updateOne({ _id: pgId }, withOutbox<ReportDocument>(update, ...events), { upsert: true });
    if (events.length > 0) deps.nudgeOutbox(REPORTS_COLLECTION, pgId);
    return 'stored';
  });
}
