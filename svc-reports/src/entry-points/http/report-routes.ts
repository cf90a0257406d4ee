import type { Express } from 'express';
import { ErrorCodes, FINAL_REPORT_FILENAME, pgIdSchema, routes } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { AppError, mount } from '@study/service-kit';
import type { ReportsDeps } from '../../domain/deps';
import { getFinalReport, ReportBeingMadeError } from '../../domain/final-report/get-final-report';
import { getNardiReport } from '../../domain/nardi-report/get-nardi-report';

export function mountReportRoutes(app: Express, deps: ReportsDeps): void {
  /** POST /api/user/nardi/report {pgId}: {pgId, status, generatedAt, ...the Nardi report}; 409 before the Nardi survey is completed. */
  mount(app, routes.nardiReport, async (req, res, body) => {
    const { pgId } = body;
    res.set('Cache-Control', 'no-store').json(await getNardiReport({ ...deps, logger: req.log }, normalizePgId(pgId)));
  });

  /** GET /api/user/report/{pgId}: the stored final report PDF, downloaded as 'Final Report.pdf'; 409 JSON before it is stored (with Retry-After while it is being made). */
  mount(app, routes.finalReportPdf, async (req, res) => {
    const parsed = pgIdSchema.safeParse(req.params.pgId);
    if (!parsed.success) throw new AppError(400, ErrorCodes.VALIDATION_FAILED, 'Invalid request: the study ID must be a version-4 UUID (8-4-4-4-12 hex digits).');
    const pdf = await getFinalReport({ ...deps, logger: req.log }, normalizePgId(parsed.data)).catch((err: unknown) => {
      if (err instanceof ReportBeingMadeError) res.set('Retry-After', String(err.retryAfterSeconds));
      throw err;
    });
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${FINAL_REPORT_FILENAME}"`,
        'Content-Length': String(pdf.length),
        'Cache-Control': 'no-store',
      })
      .end(pdf);
  });
}
