import type { Express } from 'express';
import { routes } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { mount } from '@study/service-kit';
import type { NardiDeps } from '../../domain/nardi/deps';
import { getNardiFinal, getNardiScores } from '../../domain/nardi/get-nardi-results';

export function mountNardiRoutes(app: Express, deps: NardiDeps): void {
  /** POST /api/user/nardi {pgId}: the part-one scores (typeCodes, functionalPairs, temperaments, dichotPref, interactionStyles). */
  mount(app, routes.nardiScores, async (req, res, body) => {
    const { pgId } = body;
    res.set('Cache-Control', 'no-store').json(await getNardiScores({ ...deps, logger: req.log }, normalizePgId(pgId)));
  });

  /** POST /api/user/nardi/final {pgId}: {typeCode, consistency} once the Nardi survey is completed. */
  mount(app, routes.nardiFinal, async (req, res, body) => {
    const { pgId } = body;
    res.set('Cache-Control', 'no-store').json(await getNardiFinal({ ...deps, logger: req.log }, normalizePgId(pgId)));
  });
}
