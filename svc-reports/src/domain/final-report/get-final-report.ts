import { ErrorCodes, FINAL_REPORT_BEING_MADE_MESSAGE, FINAL_REPORT_NOT_READY_MESSAGE } from '@study/contracts';
import { AppError } from '@study/service-kit';
import { pdfBytes } from '../../data-access/final-report-files';
import type { ReportsDeps } from '../deps';
import { ensureFinalReport } from './record-final-score';

const NOT_FOUND = 'No participant with this study ID.';

/**
 * How long after the final score was computed the PDF may still be on its way from the event
 * that renders it. Past that (its event failed and was parked, say) a request makes it itself,
 * so a participant is never left without their report.
 */
export const RENDER_ON_DEMAND_AFTER_MS = 30_000;
/** What a 409 "being made" tells the browser to wait before asking again. */
export const REPORT_RETRY_AFTER_SECONDS = 2;

/** 409 while the PDF of the current final score is being made: answered with Retry-After. */
export class ReportBeingMadeError extends AppError {
  constructor() {
    super(409, ErrorCodes.FINAL_REPORT_NOT_READY, FINAL_REPORT_BEING_MADE_MESSAGE, { retryAfterSeconds: REPORT_RETRY_AFTER_SECONDS });
  }
}

/**
 * GET /api/user/report/{pgId}: the final report PDF as stored. The PDF is rendered once per
 * final score version, from the scoring.score.finalized.v1 event; this call only reads (no lock,
 * no write): the report document says which file is current, the file holds the bytes. Before
 * there is a final score the answer is 409 saying what to complete; while the PDF of the current
 * score is being made, 409 with Retry-After (the dashboard shows the link once it is stored).
 * A study ID the reports never heard of, or one erased, is 404.
 */
export async function getFinalReport(deps: ReportsDeps, pgId: string): Promise<Buffer> {
  // Erasure deletes the report document (after marking the participant erased, which keeps a late
  // event from bringing it back), so the document read alone answers 404 for an erased participant.
  const doc = await deps.reports.findFinalReport(pgId);
  if (!doc) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  const score = doc.finalScore;
  if (!score) throw new AppError(409, ErrorCodes.FINAL_REPORT_NOT_READY, FINAL_REPORT_NOT_READY_MESSAGE);
  if (doc.finalReport?.version === score.version) {
    const file = await deps.files.findById(doc.finalReport.fileId);
    if (file) return pdfBytes(file);
  }
  if (deps.now().getTime() - score.computedAt.getTime() < RENDER_ON_DEMAND_AFTER_MS) throw new ReportBeingMadeError();
  // Long overdue: make it here (the file's unique id still keeps it to one per version).
  const made = await ensureFinalReport(deps, pgId, score.version);
  if (!made) throw new ReportBeingMadeError();
  deps.logger.warn({ pgId, version: score.version }, 'final report made on demand: its event had not made it');
  return pdfBytes(made);
}
