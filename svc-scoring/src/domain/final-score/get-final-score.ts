import { ErrorCodes, type FinalScoreResponse } from '@study/contracts';
import { finalScoreMissingMessage } from '@study/personality';
import { AppError } from '@study/service-kit';
import type { ScoringDeps } from '../deps';
import { finalScoreEvents, recomputeFinalScore, saveScores } from '../score-document';
import { finalScoreReadiness } from './plan-final-score';

const NOT_FOUND = 'No participant with this study ID.';

/**
 * POST /api/user/survey/final: the final score as stored. It is computed here, once, from the
 * events that bring its inputs (the same write that stores the last input stores the score), so
 * this call only reads; should the inputs be complete with no score stored, it is computed now.
 * It never waits for an input on its way: the dashboard asks once the participant's result stream
 * shows the score, and a 409 names what the participant still has to do. A study ID scoring has
 * never heard of, or one erased, is 404.
 */
export async function getFinalScore(deps: ScoringDeps, pgId: string): Promise<FinalScoreResponse> {
  // Erasure deletes the document, so the read alone answers 404 for an erased participant.
  const doc = await deps.scores.find(pgId);
  if (!doc) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  const readiness = finalScoreReadiness(doc);
  let score = doc.finalScore;
  if (!score && readiness.ready) {
    const source = { pgId, time: deps.now() };
    await deps.scores.change(pgId, (current) => {
      const finalScore = recomputeFinalScore(deps, current ?? { _id: pgId });
      if (finalScore.kind === 'unchanged') return 'unchanged';
      return { events: finalScoreEvents(finalScore), write: (document) => saveScores(deps, source, document, {}, finalScore) };
    });
    deps.logger.info({ pgId }, 'final score computed on demand');
    score = await deps.scores.findFinalScore(pgId);
  }
  if (!score) throw new AppError(409, ErrorCodes.FINAL_SCORE_NOT_READY, finalScoreMissingMessage(readiness.missing));
  return { typeCode: score.typeCode, computedAt: score.computedAt.toISOString() };
}
