import type { Collection, Db } from 'mongodb';
import type { FinalScoreDecidedBy, FinalScoreInputs, FinalTypeCode, NardiScoresView } from '@study/contracts';
import type { OutboxEntry } from '@study/event-bus';
import type { NardiReport } from '@study/personality';

export const REPORTS_COLLECTION = 'reports';

/** The completed Nardi survey as scoring reported it (scoring.nardi.completed.v2, or v1 from an older svc-scoring). */
export interface NardiResultRecord {
  typeCode: string;
  consistency: number;
  selectedTemperament: string;
  selectedFP: string;
  /** The completion time of the survey (the participants event scoring answered). */
  completedAt: Date;
  /** The part-one scores the choices were checked against, as JSON text (codedScores; earlier releases stored the object). */
  scores?: NardiScoresView | string;
}

// The bulky parts of a report document are kept as their JSON text: nothing queries inside
// them, and the embedded database converts every field of a document on each read and write
// (a Nardi report or the part-one scores are a hundred fields or more each).

/** The part-one scores as a report document keeps them. */
export const codedScores = (scores: NardiScoresView): string => JSON.stringify(scores);
/** The part-one scores of a report document, in either form. */
export const storedScores = (scores: NardiScoresView | string | undefined): NardiScoresView | undefined => (typeof scores === 'string' ? (JSON.parse(scores) as NardiScoresView) : scores);
/** A built Nardi report as a report document keeps it. */
export const codedNardiReport = (report: NardiReport): string => JSON.stringify(report);
/** The Nardi report of a report document, in either form. */
export const storedNardiReport = (report: NardiReport | string): NardiReport => (typeof report === 'string' ? (JSON.parse(report) as NardiReport) : report);

/**
 * What the reports know of the participant's Nardi survey. `asOf` is the time (participants'
 * clock) of the latest fact applied, a completion or a reset: an older one arriving late is
 * ignored.
 */
export interface NardiRecord {
  asOf: Date;
  result?: NardiResultRecord;
}

/** The Nardi report as built and stored for one completion. */
export interface StoredNardiReport {
  /** The completion it was built from. */
  completedAt: Date;
  generatedAt: Date;
  /** As JSON text (codedNardiReport; earlier releases stored the object). */
  report: NardiReport | string;
}

/** The final score the final report shows (scoring.score.finalized.v1). */
export interface FinalScoreRecord {
  version: number;
  typeCode: FinalTypeCode;
  decidedBy: FinalScoreDecidedBy;
  inputs: FinalScoreInputs;
  computedAt: Date;
}

/** The stored final report PDF for one version of the final score (the bytes are in final-report-files). */
export interface FinalReportRecord {
  version: number;
  fileId: string;
  byteLength: number;
  generatedAt: Date;
}

/**
 * One document per participant (`_id` = pgId) holding the inputs and results of their
 * reports, with their pending events (outbox). A document exists once any event about the
 * participant (their consent first) has reached the reports: that is how they know a study ID.
 * Every write goes through a document writer (@study/document-writes), which holds the
 * document's keyed lock.
 */
export interface ReportDocument {
  _id: string;
  consentedAt?: Date;
  nardi?: NardiRecord;
  nardiReport?: StoredNardiReport;
  /** Absent until a score is finalized, and again once it is cleared. */
  finalScore?: FinalScoreRecord;
  /** The highest final-score version seen (finalized or cleared): anything older is stale. */
  scoreVersion?: number;
  /** The final report of finalScore, once stored. */
  finalReport?: FinalReportRecord;
  updatedAt?: Date;
  outbox?: OutboxEntry[];
  /** Set with the outbox while it holds events (the relay's indexed sweep). */
  outboxPending?: true;
}

export function reportsCollection(db: Db): Collection<ReportDocument> {
  return db.collection<ReportDocument>(REPORTS_COLLECTION);
}
