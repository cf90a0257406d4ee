import { ErrorCodes } from '@study/contracts';
import { ApiError } from '@study/ui';

/**
 * Why the report could not be shown, as the page presents it:
 * - not-ready (409): the Nardi survey is not finished, or its result has not reached the reports yet;
 * - cannot-build (422): the stored scores cannot make a report; the message names the problem;
 * - not-found (404): the server does not know this study ID;
 * - failed: no answer (network), a server failure or an answer this page cannot read; worth a retry.
 */
export type ReportProblem =
  | { kind: 'not-ready'; message: string }
  | { kind: 'cannot-build'; message: string; code: string | null }
  | { kind: 'not-found'; message: string }
  | { kind: 'failed'; message: string };

export const REPORT_FAILED_MESSAGE = 'Your Nardi report could not be loaded.';

export function reportProblem(error: unknown): ReportProblem {
  const message = error instanceof Error && error.message.trim() !== '' ? error.message : REPORT_FAILED_MESSAGE;
  if (!(error instanceof ApiError)) return { kind: 'failed', message };
  if (error.status === 409 && (error.code === undefined || error.code === ErrorCodes.NARDI_REPORT_NOT_READY)) return { kind: 'not-ready', message };
  if (error.status === 422) return { kind: 'cannot-build', message, code: error.code ?? null };
  if (error.status === 404) return { kind: 'not-found', message };
  return { kind: 'failed', message };
}
