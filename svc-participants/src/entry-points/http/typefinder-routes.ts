import type { Express, Request, RequestHandler } from 'express';
import {
  TYPEFINDER_SIGNATURE_HEADER,
  type TypeFinderClaimResponse,
  type TypeFinderImportResponse,
  type TypeFinderWebhookResponse,
  routes,
} from '@study/contracts';
import { requireHmacSignature, mount } from '@study/service-kit';
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
  mount(app, routes.typeFinderWebhook, requireHmacSignature('sha256', TYPEFINDER_SIGNATURE_HEADER, options.webhookSecret), async (req, res, body) => {
    const answer: TypeFinderWebhookResponse = await receiveTypeFinderResults(deps(req), Array.isArray(body) ? body : [body]);
    res.json(answer);
  });

  /** POST /api/typefinder/import: an admin's text/csv file with the columns email,type; X-Master-Key required. */
  const adminKey = options.adminGuard;
  app.use(routes.importTypeFinderResults.path, acceptCsvBody({ limit: TYPEFINDER_IMPORT_LIMIT, guard: adminKey }));
  mount(app, routes.importTypeFinderResults, adminKey, requireCsvBody, async (req, res) => {
    const answer: TypeFinderImportResponse = await importTypeFinderResults(deps(req), req.body as string);
    res.json(answer);
  });

  /** POST /api/user/tfresult {pgId}: matches the participant's study email in the inbox and completes the TypeFinder survey. */
  mount(app, routes.claimTypeFinderResult, async (req, res, body) => {
    const { pgId } = body;
    const answer: TypeFinderClaimResponse = await claimTypeFinderResult(deps(req), pgId);
    res.json(answer);
  });
}
