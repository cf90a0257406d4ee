import type { Express, Request } from 'express';
import { routes } from '@study/contracts';
import { mount } from '@study/service-kit';
import type { ParticipantsDeps } from '../../domain/deps';
import { withdrawFromStudy } from '../../domain/withdraw-from-study';

export function mountWithdrawRoutes(app: Express, deps: (req: Request) => ParticipantsDeps): void {
  /**
   * POST /api/user/withdraw {pgId, erase}: leave the study from the dashboard: removed from the
   * Open Humans project, then withdrawn (data kept) or erased; 503 with Retry-After, and nothing
   * changed, while Open Humans cannot be reached.
   */
  mount(app, routes.withdraw, async (req, res, body) => {
    const request = body;
    res.set('Cache-Control', 'no-store').json(await withdrawFromStudy(deps(req), request));
  });
}
