import type { KeyedLock } from '@study/keyed-lock';
import type { Logger } from 'pino';
import type { EraseParticipantDeps, ErasedParticipants } from '@study/personal-data';
import type { FinalReportFiles } from '../data-access/final-report-files';
import type { ReportsRepository } from '../data-access/reports-repository';
import type { FinalReportView } from './final-report/final-report-view';

/** What the report use cases work with. */
export interface ReportsDeps {
  /** e.g. 'svc-reports': the source of the events it publishes. */
  service: string;
  /** The database: an erasure deletes the participant's documents from it (eraseParticipant). */
  db: EraseParticipantDeps['db'];
  /** The report documents: their reads, and each change under the document's lock with its events (outbox). */
  reports: ReportsRepository;
  /** The final report PDFs, one per version of a final score. */
  files: FinalReportFiles;
  erased: ErasedParticipants;
  /** The documents' keyed lock: an erasure deletes a report document under it. */
  lock: KeyedLock;
  logger: Logger;
  now(): Date;
  /** Lays the final report out as a PDF (rendering/final-report-pdf in the service). */
  renderFinalReport(view: FinalReportView): Promise<Buffer>;
  /** STUDY_NAME: how the reports name the study (the same setting the site shows). */
  studyName: string;
}
