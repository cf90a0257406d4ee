import { ErrorCodes, FINAL_REPORT_NOT_READY_MESSAGE } from '@study/contracts';
import { AppError } from '@study/service-kit';
import { pdfBytes } from '../../data-access/final-report-files';
import type { ReportsDeps } from '../deps';
import { waitForDocument } from '../wait-for-document';
import { ensureFinalReport } from './final-report-store';

const NOT_FOUND = 'No participant with this study ID.';

/**
 * GET /api/user/report/{pgId}: the final report PDF of the participant's final score. It is
 * made when the score is finalized; asked for before that has happened it is made now. Before
 * there is a final score (after a short wait for one on its way) the answer is 409; a study ID
 * the reports never heard of, or one erased, is 404.
 */
export async function getFinalReport(deps: ReportsDeps, pgId: string): Promise<Buffer> {
  if (await deps.erased.isErased(pgId)) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  const doc = await waitForDocument(deps, pgId, (found) => found.finalScore !== undefined);
  if (!doc) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  if (!doc.finalScore) throw new AppError(409, ErrorCodes.FINAL_REPORT_NOT_READY, FINAL_REPORT_NOT_READY_MESSAGE);
  const file = await ensureFinalReport(deps, pgId);
  if (!file) {
    // The score changed, went or the participant was erased while the report was being made.
    if (await deps.erased.isErased(pgId)) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
    const again = await ensureFinalReport(deps, pgId);
    if (!again) throw new AppError(409, ErrorCodes.FINAL_REPORT_NOT_READY, FINAL_REPORT_NOT_READY_MESSAGE);
    return pdfBytes(again);
  }
  return pdfBytes(file);
}
