import { Router, type Request, type Response } from 'express';
import { ERROR_ENVELOPE_LIMIT_BYTES, ERROR_ENVELOPE_MEDIA_TYPE, ErrorCodes, errorReportReceiptSchema, routes, type ErrorReportReceipt } from '@study/contracts';
import { envelopeEventId, errorReports, MalformedEnvelopeError, parseEnvelope, type Envelope } from '@study/error-reporting/envelope';
import { sendError } from '../http-errors';
import { enforceBodyLimit } from '../routing/body-limit';
import type { RateLimits } from '../security/rate-limits';

export interface ErrorReportsOptions {
  /** The same limit as every other route anyone may call: calls per minute from one address. */
  rateLimits: Pick<RateLimits, 'takePublic'>;
  /** Passes an accepted envelope on to a Sentry or GlitchTip project (envelopeForwarder), after the answer. */
  forward?: (body: Buffer) => Promise<void>;
}

/** What browsers send an envelope as: fetch's text/plain for a string body, or the envelope's own type. */
const ACCEPTED_MEDIA_TYPES = new Set(['text/plain', ERROR_ENVELOPE_MEDIA_TYPE]);

function mediaTypeOf(req: Request): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * POST /api/error-reports (routes.reportErrors), answered by the gateway itself: a browser's
 * Sentry envelope (@study/error-reporting), checked (media type, 64 KB, well formed), limited like
 * the other public routes, then each error event in it written as one log line: request id,
 * route, remote, release, kind, message and a bounded stack. Traces and client reports are taken
 * and not logged. The answer does not wait for the log or the forwarding.
 */
export function errorReportsRoute(options: ErrorReportsOptions): Router {
  const router = Router();
  const { method, path } = routes.reportErrors;
  const refuse = (req: Request, res: Response, status: number, code: string, message: string) => {
    sendError(req, res, status, code, message);
    // An unread body is not wanted: drop it rather than leave it on the connection.
    req.resume();
  };
  router.all(path, (req, res, next) => {
    if (req.method !== method) {
      res.setHeader('Allow', method);
      refuse(req, res, 405, 'METHOD_NOT_ALLOWED', `This address only accepts ${method} requests.`);
      return;
    }
    if (!ACCEPTED_MEDIA_TYPES.has(mediaTypeOf(req))) {
      refuse(req, res, 415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, `Send the error report as a Sentry envelope (text/plain or ${ERROR_ENVELOPE_MEDIA_TYPE}).`);
      return;
    }
    void (async () => {
      const verdict = await options.rateLimits.takePublic(req.ip ?? req.socket.remoteAddress ?? 'unknown');
      if (!verdict.allowed) {
        res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
        refuse(req, res, 429, ErrorCodes.RATE_LIMITED, `Too many error reports in a short time. Please wait ${verdict.retryAfterSeconds} seconds.`);
        return;
      }
      enforceBodyLimit(
        req,
        res,
        ERROR_ENVELOPE_LIMIT_BYTES,
        (body) => {
          let envelope: Envelope;
          try {
            envelope = parseEnvelope(body ?? Buffer.alloc(0));
          } catch (error) {
            if (!(error instanceof MalformedEnvelopeError)) throw error;
            sendError(req, res, 400, ErrorCodes.VALIDATION_FAILED, `The error report is not a Sentry envelope: ${error.message}`);
            return;
          }
          const id = envelopeEventId(envelope);
          const receipt: ErrorReportReceipt = errorReportReceiptSchema.parse(id ? { id } : {});
          res.status(200).json(receipt);
          for (const report of errorReports(envelope)) req.log.error({ errorReport: { source: 'browser', ...report } }, 'browser error report');
          options.forward?.(body as Buffer).catch((err: unknown) => req.log.warn({ err }, 'error report not passed on to the error-reporting project'));
        },
        true,
      );
    })().catch(next);
  });
  return router;
}
