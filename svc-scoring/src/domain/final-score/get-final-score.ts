import { ErrorCodes, type FinalScoreResponse } from '@study/contracts';
import { finalScoreMissingMessage } from '@study/personality';
import { AppError } from '@study/service-kit';
import { scoreDocumentOf } from '../../data-access/scores-collection';
import type { ScoringDeps } from '../deps';
import { changeScoreDocument } from '../score-document';
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
export async function getFinalScore(deps: ScoringDeps, pgId: string, correlationId: string): Promise<FinalScoreResponse> {
  // Erasure deletes the document, so the read alone answers 404 for an erased participant.
  let doc = scoreDocumentOf(await deps.scores.findOne({ _id: pgId }, { projection: { outbox: 0 } }));
  if (!doc) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  const readiness = finalScoreReadiness(doc);
  if (!doc.finalScore && readiness.ready) {
    await changeScoreDocument(deps, { pgId, time: deps.now(), correlationId }, () => ({ set: {} }));
    deps.logger.info({ pgId }, 'final score computed on demand');
    doc = await deps.scores.findOne({ _id: pgId }, { projection: { finalScore: 1 } });
  }
  const score = doc?.finalScore;
  if (!score) throw new AppError(409, ErrorCodes.FINAL_SCORE_NOT_READY, finalScoreMissingMessage(readiness.missing));
  return { typeCode: score.typeCode, computedAt: score.computedAt.toISOString() };
}
