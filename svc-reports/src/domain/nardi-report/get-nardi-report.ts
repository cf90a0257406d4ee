import { ErrorCodes, NARDI_REPORT_NOT_READY_MESSAGE, type NardiReportView } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { ReportsDeps } from '../deps';
import { codedNardiReport, storedNardiReport } from '../../data-access/reports-collection';
import { buildReportFromResult, nardiReportView } from './nardi-report-view';

const NOT_FOUND = 'No participant with this study ID.';

/**
 * POST /api/user/nardi/report: the Nardi report of the completed survey, built once per
 * completion and stored. It never waits for a result on its way: before the completed survey's
 * result (scoring.nardi.completed.v2 or v1) is here it answers 409 saying what to do. A study ID the
 * reports never heard of, or one erased, is 404.
 */
export async function getNardiReport(deps: ReportsDeps, pgId: string): Promise<NardiReportView> {
  // Erasure deletes the document, so the read alone answers 404 for an erased participant.
  const doc = await deps.reports.find(pgId);
  if (!doc) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  const result = doc.nardi?.result;
  if (!result) throw new AppError(409, ErrorCodes.NARDI_REPORT_NOT_READY, NARDI_REPORT_NOT_READY_MESSAGE);

  const stored = doc.nardiReport;
  if (stored && stored.completedAt.getTime() === result.completedAt.getTime()) return nardiReportView(pgId, storedNardiReport(stored.report), stored.generatedAt);

  const report = buildReportFromResult(result);
  const generatedAt = deps.now();
  const outcome = await deps.reports.change(pgId, (current) => {
    // Stored only for the completion it was built from, and only once.
    if (current?.nardi?.result?.completedAt.getTime() !== result.completedAt.getTime()) return 'stale';
    if (current.nardiReport?.completedAt.getTime() === result.completedAt.getTime()) return 'unchanged';
    const nardiReport = { completedAt: result.completedAt, generatedAt, report: codedNardiReport(report) };
    return { write: (document) => deps.reports.save(document, { set: { nardiReport }, now: deps.now() }) };
  });
  if (outcome === 'erased') throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  deps.logger.info({ pgId, outcome }, 'Nardi report built');
  return nardiReportView(pgId, report, generatedAt);
}
