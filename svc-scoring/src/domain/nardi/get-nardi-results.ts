import { ErrorCodes, NARDI_NOT_FINAL_MESSAGE, NARDI_NOT_SCORED_MESSAGE, type NardiFinalResponse, type NardiScoresView } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { NardiRecord } from '../../data-access/scores-collection';
import type { NardiDeps } from './deps';

/**
 * The participant's Nardi record as stored. A read never waits for an event on its way: the
 * screens ask once the participant's result stream says the result is here, and a 409 names
 * what the participant can do.
 */
async function storedNardi(deps: NardiDeps, pgId: string): Promise<NardiRecord | undefined> {
  const doc = await deps.scores.findNardi(pgId);
  // Erasure deletes the document: only a study ID with none may be an erased one (404; else 409, nothing yet).
  if (!doc && (await deps.erased.isErased(pgId))) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, 'No participant with this study ID.');
  return doc?.nardi;
}

/** POST /api/user/nardi: the part-one scores of the participant's saved answers. */
export async function getNardiScores(deps: NardiDeps, pgId: string): Promise<NardiScoresView> {
  const scores = (await storedNardi(deps, pgId))?.scores;
  if (!scores) throw new AppError(409, ErrorCodes.NARDI_NOT_SCORED, NARDI_NOT_SCORED_MESSAGE);
  const { typeCodes, functionalPairs, temperaments, dichotPref, interactionStyles } = scores;
  return { typeCodes, functionalPairs, temperaments, dichotPref, interactionStyles };
}

/** POST /api/user/nardi/final: the Nardi type and consistency of the completed survey, as computed and stored here. */
export async function getNardiFinal(deps: NardiDeps, pgId: string): Promise<NardiFinalResponse> {
  const final = (await storedNardi(deps, pgId))?.final;
  if (!final) throw new AppError(409, ErrorCodes.NARDI_NOT_FINAL, NARDI_NOT_FINAL_MESSAGE);
  return { typeCode: final.typeCode, consistency: final.consistency };
}
