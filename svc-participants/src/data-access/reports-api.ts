import { pathOf, routes } from '@study/contracts';

/** svc-reports did not answer the PDF (down, timed out, a server error): try again later. */
export class ReportsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReportsUnavailableError';
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * svc-reports' public API, read by this service only for what no event can carry: the final
 * report PDF (GET /api/user/report/{pgId}), to put it on the participant's Open Humans account.
 */
export class ReportsApi {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /**
   * The participant's current final report PDF, or 'none' when svc-reports holds none now (no
   * final score any more, erased, or the PDF of a newer score still being made: its own event follows).
   */
  async finalReportPdf(pgId: string, requestId?: string): Promise<Buffer | 'none'> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${pathOf(routes.finalReportPdf, { pgId })}`, {
        headers: { accept: 'application/pdf', ...(requestId ? { 'x-request-id': requestId } : {}) },
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      throw new ReportsUnavailableError(`svc-reports could not be reached for the final report${cause ? ` (${cause})` : ''}.`, { cause: err });
    }
    if (res.status === 404 || res.status === 409) {
      await res.body?.cancel().catch(() => undefined);
      return 'none';
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new ReportsUnavailableError(`svc-reports answered the final report with HTTP ${res.status}.`);
    }
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('application/pdf')) {
      await res.body?.cancel().catch(() => undefined);
      throw new ReportsUnavailableError(`svc-reports answered the final report as ${type || 'no content type'}, not a PDF.`);
    }
    try {
      return Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw new ReportsUnavailableError('svc-reports broke off the final report.', { cause: err });
    }
  }
}
