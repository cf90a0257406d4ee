import type { Express, Request, RequestHandler } from 'express';
import {
  ErrorCodes,
  TYPEFINDER_SIGNATURE_HEADER,
  typeFinderClaimRequestSchema,
  typeFinderWebhookBodySchema,
  type TypeFinderClaimResponse,
  type TypeFinderImportResponse,
  type TypeFinderWebhookResponse,
} from '@study/contracts';
import { AppError, isValidHmacSignature, parseBody } from '@study/service-kit';
import type { ParticipantsDeps } from '../../domain/deps';
import { claimTypeFinderResult } from '../../domain/typefinder/claim-result';
import { importTypeFinderResults, receiveTypeFinderResults } from '../../domain/typefinder/store-results';
import { acceptCsvBody, requireCsvBody } from './csv-body';

/** Largest CSV the import reads (about 25,000 rows). */
export const TYPEFINDER_IMPORT_LIMIT = '2mb';

export interface TypeFinderRouteOptions {
  webhookSecret: string;
  /** The admin guard of the import (master key in X-Master-Key, rate limited). */
  adminGuard: RequestHandler;
}

export function mountTypeFinderRoutes(app: Express, deps: (req: Request) => ParticipantsDeps, options: TypeFinderRouteOptions): void {
  /**
   * POST /api/typefinder/results: the provider's (or the stand-in's) results, `{email, typeCode}`
   * or a list of them, signed in X-TypeFinder-Signature. The signature over the exact body bytes
   * is checked before anything else; a bad one stores nothing.
   */
  app.post('/api/typefinder/results', async (req, res) => {
    if (!isValidHmacSignature('sha256', req.get(TYPEFINDER_SIGNATURE_HEADER), req.rawBody, options.webhookSecret)) {
      throw new AppError(401, ErrorCodes.WEBHOOK_SIGNATURE_INVALID, 'The webhook signature is missing or does not match the body.');
    }
    const body = parseBody(typeFinderWebhookBodySchema, req);
    const answer: TypeFinderWebhookResponse = await receiveTypeFinderResults(deps(req), Array.isArray(body) ? body : [body]);
    res.json(answer);
  });

  /** POST /api/typefinder/import: an admin's text/csv file with the columns email,type; X-Master-Key required. */
  const adminKey = options.adminGuard;
  app.use('/api/typefinder/import', acceptCsvBody({ limit: TYPEFINDER_IMPORT_LIMIT, guard: adminKey }));
  app.post('/api/typefinder/import', adminKey, requireCsvBody, async (req, res) => {
    const answer: TypeFinderImportResponse = await importTypeFinderResults(deps(req), req.body as string);
    res.json(answer);
  });

  /** POST /api/user/tfresult {pgId}: matches the participant's study email in the inbox and completes the TypeFinder survey. */
  app.post('/api/user/tfresult', async (req, res) => {
    const { pgId } = parseBody(typeFinderClaimRequestSchema, req);
    const answer: TypeFinderClaimResponse = await claimTypeFinderResult(deps(req), pgId, req.requestId);
    res.json(answer);
  });
}
