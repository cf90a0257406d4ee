import type { Express, Request } from 'express';
import { deauthorizeNoticeSchema, ErrorCodes, OPEN_HUMANS_SIGNATURE_HEADER, type DeauthorizeResponse } from '@study/contracts';
import { AppError, isValidHmacSignature, parseBody } from '@study/service-kit';
import type { ParticipantsDeps } from '../../domain/deps';
import { handleDeauthorization } from '../../domain/handle-deauthorization';

/**
 * POST /api/openhumans/deauthorize: Open Humans tells the study a member left the project.
 * With a webhook secret configured, the signature over the exact body bytes is checked before
 * anything else is looked at.
 */
export function mountOpenHumansWebhookRoutes(app: Express, deps: (req: Request) => ParticipantsDeps, options: { webhookSecret?: string }): void {
  app.post('/api/openhumans/deauthorize', async (req, res) => {
    const secret = options.webhookSecret;
    if (secret !== undefined && !isValidHmacSignature('sha1', req.get(OPEN_HUMANS_SIGNATURE_HEADER), req.rawBody, secret)) {
      throw new AppError(401, ErrorCodes.WEBHOOK_SIGNATURE_INVALID, 'The webhook signature is missing or does not match the body.');
    }
    const notice = parseBody(deauthorizeNoticeSchema, req);
    const outcome = await handleDeauthorization(deps(req), notice, req.requestId);
    const answer: DeauthorizeResponse = { outcome };
    res.json(answer);
  });
}
