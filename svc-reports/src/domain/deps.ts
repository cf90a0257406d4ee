import type { Collection, Db } from 'mongodb';
import type { KeyedLock } from '@study/keyed-lock';
import type { Logger } from 'pino';
import type { ErasedParticipants } from '@study/personal-data';
import type { FinalReportFiles } from '../data-access/final-report-files';
import type { ReportDocument } from '../data-access/reports-collection';
import type { FinalReportView } from './final-report/final-report-view';

/** What the report use cases work with. */
export interface ReportsDeps {
  /** e.g. 'svc-reports': the source of the events it publishes. */
  service: string;
  db: Db;
  reports: Collection<ReportDocument>;
  files: FinalReportFiles;
  erased: ErasedParticipants;
  /** Serializes the writes of one report document (reportDocuments). */
  lock: KeyedLock;
  /** Publish queued events now rather than on the relay's next pass. */
  /** After a write that queued events: the document's collection and _id (none: the relay's sweep). */
  nudgeOutbox(collection?: string, id?: unknown): void;
  logger: Logger;
  now(): Date;
  /** Lays the final report out as a PDF (rendering/final-report-pdf in the service). */
  renderFinalReport(view: FinalReportView): Promise<Buffer>;
  /** STUDY_NAME: how the reports name the study (the same setting the site shows). */
  studyName: string;
}
