import type { Express } from 'express';
import { routes } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { mount } from '@study/service-kit';
import type { ScoringDeps } from '../../domain/deps';
import { getFinalScore } from '../../domain/final-score/get-final-score';

export function mountFinalScoreRoutes(app: Express, deps: ScoringDeps): void {
  /** POST /api/user/survey/final {pgId}: {typeCode, computedAt} once the three required surveys are done; 409 naming what is still to do before (no waiting). */
  mount(app, routes.finalScore, async (req, res, body) => {
    const { pgId } = body;
    res.set('Cache-Control', 'no-store').json(await getFinalScore({ ...deps, logger: req.log }, normalizePgId(pgId)));
  });
}
