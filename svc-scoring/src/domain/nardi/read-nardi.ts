import { ErrorCodes, NARDI_NOT_FINAL_MESSAGE, NARDI_NOT_SCORED_MESSAGE, type NardiFinalResponse, type NardiScoresView } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { NardiRecord } from '../../data-access/scores-collection';
import type { NardiDeps } from './deps';

const POLL_INTERVAL_MS = 100;

/**
 * The participant reads their own write at once, but it reaches scoring by event: when what
 * is asked for is not stored yet, look again for up to `readWaitMs` before giving up (undefined).
 */
async function waitForNardi<T>(deps: NardiDeps, pgId: string, pick: (nardi: NardiRecord | undefined) => T | undefined): Promise<T | undefined> {
  const deadline = Date.now() + deps.readWaitMs;
  for (;;) {
    const doc = await deps.scores.findOne({ _id: pgId }, { projection: { nardi: 1 } });
    const found = pick(doc?.nardi);
    if (found !== undefined) return found;
    if (Date.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_INTERVAL_MS, Math.max(0, deadline - Date.now()))));
  }
}

async function requireNotErased(deps: NardiDeps, pgId: string): Promise<void> {
  if (await deps.erased.isErased(pgId)) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, 'No participant with this study ID.');
}

/** POST /api/user/nardi: the part-one scores of the participant's saved answers. */
export async function getNardiScores(deps: NardiDeps, pgId: string): Promise<NardiScoresView> {
  await requireNotErased(deps, pgId);
  const scores = await waitForNardi(deps, pgId, (nardi) => nardi?.scores);
  if (!scores) throw new AppError(409, ErrorCodes.NARDI_NOT_SCORED, NARDI_NOT_SCORED_MESSAGE);
  const { typeCodes, functionalPairs, temperaments, dichotPref, interactionStyles } = scores;
  return { typeCodes, functionalPairs, temperaments, dichotPref, interactionStyles };
}

/** POST /api/user/nardi/final: the Nardi type and consistency of the completed survey. */
export async function getNardiFinal(deps: NardiDeps, pgId: string): Promise<NardiFinalResponse> {
  await requireNotErased(deps, pgId);
  const final = await waitForNardi(deps, pgId, (nardi) => nardi?.final);
  if (!final) throw new AppError(409, ErrorCodes.NARDI_NOT_FINAL, NARDI_NOT_FINAL_MESSAGE);
  return { typeCode: final.typeCode, consistency: final.consistency };
}
