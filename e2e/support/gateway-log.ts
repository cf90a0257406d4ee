import fs from 'node:fs';
import path from 'node:path';

/** One error-report line of the gateway's log (its JSON fields the browser tests read). */
export interface ErrorReportLine {
  msg?: string;
  requestId?: string;
  errorReport?: Record<string, unknown> & { message?: string };
}

/** The browser error-report lines the browser tests' gateway has written so far. */
export function gatewayErrorReportLines(): ErrorReportLine[] {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) throw new Error('E2E_LOG_DIR is not set: run the browser tests through jest --selectProjects e2e');
  return fs
    .readFileSync(path.join(dir, 'gateway.log'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as ErrorReportLine)
    .filter((line) => line.msg === 'browser error report');
}
