import type { Express, Request } from 'express';
import { consentRequestSchema } from '@study/contracts';
import { parseBody } from '@study/service-kit';
import type { ParticipantsDeps } from '../../domain/deps';
import { giveConsent } from '../../domain/give-consent';

export function mountConsentRoutes(app: Express, deps: (req: Request) => ParticipantsDeps): void {
  /** POST /api/consent {code}: exchange the code from /return and answer the participant's {pgId}. */
  app.post('/api/consent', async (req, res) => {
    const { code } = parseBody(consentRequestSchema, req);
    const answer = await giveConsent(deps(req), code, req.requestId);
    res.set('Cache-Control', 'no-store').json(answer);
  });
}
