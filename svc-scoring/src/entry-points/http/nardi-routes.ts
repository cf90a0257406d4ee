import type { Express } from 'express';
import { nardiFinalRequestSchema, nardiScoresRequestSchema } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { parseBody } from '@study/service-kit';
import type { NardiDeps } from '../../domain/nardi/deps';
import { getNardiFinal, getNardiScores } from '../../domain/nardi/get-nardi-results';

export function mountNardiRoutes(app: Express, deps: NardiDeps): void {
  /** POST /api/user/nardi {pgId}: the part-one scores (typeCodes, functionalPairs, temperaments, dichotPref, interactionStyles). */
  app.post('/api/user/nardi', async (req, res) => {
    const { pgId } = parseBody(nardiScoresRequestSchema, req);
    res.set('Cache-Control', 'no-store').json(await getNardiScores({ ...deps, logger: req.log }, normalizePgId(pgId)));
  });

  /** POST /api/user/nardi/final {pgId}: {typeCode, consistency} once the Nardi survey is completed. */
  app.post('/api/user/nardi/final', async (req, res) => {
    const { pgId } = parseBody(nardiFinalRequestSchema, req);
    res.set('Cache-Control', 'no-store').json(await getNardiFinal({ ...deps, logger: req.log }, normalizePgId(pgId)));
  });
}
