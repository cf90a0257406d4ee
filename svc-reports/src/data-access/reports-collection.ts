import type { Collection, Db } from 'mongodb';

export const REPORTS_COLLECTION = 'reports';

/**
 * One document per participant (`_id` = pgId) holding the inputs and results of their
 * reports (the Nardi report, the final report), with their pending events (outbox). The
 * fields arrive with the report flows.
 */
export interface ReportDocument {
  _id: string;
}

export function reportsCollection(db: Db): Collection<ReportDocument> {
  return db.collection<ReportDocument>(REPORTS_COLLECTION);
}
