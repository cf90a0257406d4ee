import type { NardiCompletedData } from '@study/contracts';
import type { ParticipantsDeps } from '../deps';
import { changeParticipant } from '../results/record-results';

export type NardiResultOutcome = 'stored' | 'unchanged' | 'stale' | 'not-found';

/**
 * scoring.nardi.completed.v1: scoring (the owner of the Nardi result) computed the
 * consistency of the participant's Nardi choices; this service keeps only what the dashboard
 * shows of it (n/10) and announces it on the participant's result stream. It is stored only on the completion it answers
 * (same completion time and type): a result for a survey that was reset since, or for an
 * erased participant, changes nothing.
 */
export async function recordNardiResult(
  deps: Pick<ParticipantsDeps, 'participants' | 'lock' | 'nudgeOutbox' | 'logger' | 'now' | 'resultsChanged'>,
  pgId: string,
  result: NardiCompletedData,
): Promise<NardiResultOutcome> {
  const outcome = await changeParticipant(deps, pgId, (participant) => {
    const nardi = participant.surveys.nardi;
    const sameCompletion = nardi?.status === 'completed' && nardi.typeCode === result.typeCode && nardi.completedAt?.getTime() === Date.parse(result.completedAt);
    if (!sameCompletion) return 'stale';
    if (nardi.consistency === result.consistency) return 'unchanged';
    return { write: (document) => deps.participants.setNardiConsistency(document, result.consistency, deps.now()) };
  });
  deps.logger.info({ pgId, outcome, consistency: result.consistency }, 'Nardi result from scoring');
  return outcome;
}
