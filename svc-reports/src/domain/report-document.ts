import { compact, createDocumentWriter, documentLockKey, type ApplyOutcome, type DocumentWriter } from '@study/document-writes';
import type { CloudEvent } from '@study/event-bus';
import type { UpdateFilter } from 'mongodb';
import { REPORTS_COLLECTION, type ReportDocument } from '../data-access/reports-collection';
import type { ReportsDeps } from './deps';

/** The report documents: each change under the document's lock, with its events in the same write. */
export function reportDocuments(deps: ReportsDeps): DocumentWriter<ReportDocument, ReportDocument | null> {
  return createDocumentWriter<ReportDocument>({
    collectionName: REPORTS_COLLECTION,
    collection: deps.reports,
    lock: deps.lock,
    nudgeOutbox: (collection, id) => deps.nudgeOutbox(collection, id),
    // Erasure deletes the document (under its lock, after marking the participant erased), so only
    // a change that finds none asks whether the participant was erased.
    isErased: (pgId, doc) => doc === null && deps.erased.isErased(pgId),
  });
}

/** The keyed-lock key every write of one report document holds (the outbox relay's too). */
export function reportLockKey(pgId: string): string {
  return documentLockKey(REPORTS_COLLECTION, pgId);
}

type Fields = Omit<ReportDocument, '_id' | 'outbox' | 'updatedAt'>;

/** The fields to replace (each whole) and remove, and the events the change causes. */
export type ReportChange = { set?: Partial<Fields>; unset?: (keyof Fields)[]; events?: CloudEvent[] } | 'unchanged' | 'stale';

/**
 * Applies a change to the participant's report document under its lock, with the events it
 * causes in the same write (outbox). Nothing is written for an erased participant (their data
 * must not come back).
 */
export function changeReportDocument(deps: ReportsDeps, pgId: string, change: (doc: ReportDocument | null) => ReportChange | Promise<ReportChange>): Promise<ApplyOutcome> {
  return reportDocuments(deps).change(pgId, async (doc) => {
    const result = await change(doc);
    if (result === 'stale' || result === 'unchanged') return result;
    const update: UpdateFilter<ReportDocument> = { $set: { ...compact(result.set ?? {}), updatedAt: deps.now() } };
    if (result.unset && result.unset.length > 0) update.$unset = Object.fromEntries(result.unset.map((field) => [field, '']));
    return { events: result.events, write: (document) => document.update(update, { upsert: true }) };
  });
}
