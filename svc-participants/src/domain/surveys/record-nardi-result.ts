import { isDeepStrictEqual } from 'node:util';
import type { NardiCompletedData } from '@study/contracts';
import type { ParticipantsDeps } from '../deps';
import { changeParticipant } from '../results/record-results';

export type NardiResultOutcome = 'stored' | 'unchanged' | 'stale' | 'not-found';

/**
 * scoring.nardi.completed.v2 (and v1, from a scoring release older than v2): scoring (the owner
 * of the Nardi result) computed the consistency of the participant's Nardi choices. This service
 * keeps what the dashboard shows of it (n/10, announced on the participant's result stream) and
 * the part-one scores the analysis export holds. Scoring publishes v1 and v2 of one completion
 * in one write: whichever comes first stores the result, the other finds it stored (unchanged).
 * A v1 without scores (they were optional there) stores the consistency; a v2 of the same
 * completion then adds the scores. A result is stored only on the completion it answers (same
 * completion time and type): one for a survey reset since, or for an erased participant,
 * changes nothing.
 */
export async function recordNardiResult(
  deps: Pick<ParticipantsDeps, 'participants' | 'lock' | 'nudgeOutbox' | 'logger' | 'now' | 'resultsChanged'>,
  pgId: string,
  result: NardiCompletedData,
  eventType?: string,
): Promise<NardiResultOutcome> {
  const outcome = await changeParticipant(deps, pgId, (participant) => {
    const nardi = participant.surveys.nardi;
    const sameCompletion = nardi?.status === 'completed' && nardi.typeCode === result.typeCode && nardi.completedAt?.getTime() === Date.parse(result.completedAt);
    if (!sameCompletion) return 'stale';
    const newScores = result.scores !== undefined && !isDeepStrictEqual(nardi.scores, result.scores);
    if (nardi.consistency === result.consistency && !newScores) return 'unchanged';
    const change = { consistency: result.consistency, ...(newScores ? { scores: result.scores } : {}) };
    return { write: (document) => deps.participants.setNardiResult(document, change, deps.now()) };
  });
  deps.logger.info({ pgId, outcome, eventType, consistency: result.consistency, withScores: result.scores !== undefined }, 'Nardi result from scoring');
  return outcome;
}
