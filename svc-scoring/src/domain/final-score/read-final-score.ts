import { ErrorCodes, type FinalScoreResponse } from '@study/contracts';
import { finalScoreMissingMessage } from '@study/personality';
import { AppError } from '@study/service-kit';
import type { StoredFinalScore } from '../../data-access/scores-collection';
import type { ScoringDeps } from '../deps';
import { changeScoreDocument } from '../score-document';
import { finalScoreReadiness } from './plan-final-score';

const POLL_INTERVAL_MS = 100;
const NOT_FOUND = 'No participant with this study ID.';

function view(score: StoredFinalScore): FinalScoreResponse {
  return { typeCode: score.typeCode, computedAt: score.computedAt.toISOString() };
}

/**
 * POST /api/user/survey/final: the stored final score. It is computed from events as the
 * surveys are done; should the inputs be complete with nothing stored, it is computed here.
 * The participant asks right after their last survey, whose event may still be on its way: the
 * call looks again for up to `finalScoreReadWaitMs`, then answers 409 naming what is missing.
 * A study ID scoring has never heard of, or one erased, is 404.
 */
export async function getFinalScore(deps: ScoringDeps, pgId: string, correlationId: string): Promise<FinalScoreResponse> {
  if (await deps.erased.isErased(pgId)) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  const deadline = Date.now() + deps.finalScoreReadWaitMs;
  for (;;) {
    const doc = await deps.scores.findOne({ _id: pgId }, { projection: { outbox: 0 } });
    if (!doc) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
    if (doc.finalScore) return view(doc.finalScore);
    const readiness = finalScoreReadiness(doc);
    if (readiness.ready) {
      await changeScoreDocument(deps, { pgId, time: deps.now(), correlationId }, () => ({ set: {} }));
      deps.logger.info({ pgId }, 'final score computed on demand');
      continue;
    }
    if (Date.now() >= deadline) throw new AppError(409, ErrorCodes.FINAL_SCORE_NOT_READY, finalScoreMissingMessage(readiness.missing));
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_INTERVAL_MS, Math.max(0, deadline - Date.now()))));
  }
}
