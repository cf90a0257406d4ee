import type { Express, Request } from 'express';
import { withdrawRequestSchema } from '@study/contracts';
import { parseBody } from '@study/service-kit';
import type { ParticipantsDeps } from '../../domain/deps';
import { withdrawFromStudy } from '../../domain/withdraw-from-study';

export function mountWithdrawRoutes(app: Express, deps: (req: Request) => ParticipantsDeps): void {
  /**
   * POST /api/user/withdraw {pgId, erase}: leave the study from the dashboard: removed from the
   * Open Humans project, then withdrawn (data kept) or erased; 503 with Retry-After, and nothing
   * changed, while Open Humans cannot be reached.
   */
  app.post('/api/user/withdraw', async (req, res) => {
    const request = parseBody(withdrawRequestSchema, req);
    res.set('Cache-Control', 'no-store').json(await withdrawFromStudy(deps(req), request, req.requestId));
  });
}
