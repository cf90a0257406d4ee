// For tests: the SDK's own transport with the network replaced by a recorder, and what it sent
// as the gateway reads it.
import { Buffer } from 'node:buffer';
import { createTransport, flush } from '@sentry/react';
import { errorReports, parseEnvelope, type ErrorReportSummary } from './envelope';
import type { ErrorReportingSettings } from './index';

export interface ReportRecorder {
  transport: NonNullable<ErrorReportingSettings['transport']>;
  /** Every report sent so far, once the SDK has flushed. */
  reportsSent(): Promise<ErrorReportSummary[]>;
  /** The envelopes as sent, text: what left the page. */
  bodies(): readonly string[];
  clear(): void;
}

export function reportRecorder(): ReportRecorder {
  const sent: string[] = [];
  return {
    transport: (options) =>
      createTransport(options, async (request) => {
        sent.push(typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('utf8'));
        return { statusCode: 200 };
      }),
    async reportsSent() {
      await flush(2_000);
      return sent.flatMap((body) => errorReports(parseEnvelope(Buffer.from(body))));
    },
    bodies: () => sent,
    clear: () => void (sent.length = 0),
  };
}
