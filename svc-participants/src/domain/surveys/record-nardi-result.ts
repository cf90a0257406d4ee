import type { NardiCompletedData } from '@study/contracts';
import { participantLockKey } from '../../data-access/participants-repository';
import type { ParticipantsDeps } from '../deps';

export type NardiResultOutcome = 'stored' | 'unchanged' | 'stale' | 'not-found';

/**
 * scoring.nardi.completed.v1: scoring computed the consistency of the participant's Nardi
 * choices; the dashboard shows it as n/10. It is stored only on the completion it answers
 * (same completion time and type): a result for a survey that was reset since, or for an
 * erased participant, changes nothing.
 */
export async function recordNardiResult(deps: Pick<ParticipantsDeps, 'participants' | 'lock' | 'logger' | 'now'>, pgId: string, result: NardiCompletedData): Promise<NardiResultOutcome> {
  const outcome = await deps.lock.run(participantLockKey(pgId), async (): Promise<NardiResultOutcome> => {
    const record = await deps.participants.find(pgId);
    if (record.state !== 'active') return 'not-found';
    const nardi = record.participant.surveys.nardi;
    const sameCompletion = nardi?.status === 'completed' && nardi.typeCode === result.typeCode && nardi.completedAt?.getTime() === Date.parse(result.completedAt);
    if (!sameCompletion) return 'stale';
    if (nardi.consistency === result.consistency) return 'unchanged';
    await deps.participants.setNardiConsistency(pgId, result.consistency, deps.now());
    return 'stored';
  });
  deps.logger.info({ pgId, outcome, consistency: result.consistency }, 'Nardi result from scoring');
  return outcome;
}
