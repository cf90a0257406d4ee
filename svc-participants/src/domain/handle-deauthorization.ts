import { EventTypes, type ConsentWithdrawnData, type DeauthorizeNotice, type DeauthorizeOutcome, type ParticipantErasedData } from '@study/contracts';
import { createEvent } from '@study/event-bus';
import type { ParticipantsDeps } from './deps';
import { mbtiScoresLockKey, participantDocuments } from './participant-documents';
import { studyEmail } from './typefinder/claim-result';

/**
 * POST /api/openhumans/deauthorize: a member left the project on Open Humans, which has already
 * deleted the tokens. Consent becomes false and the study's copy of the tokens goes, with a
 * withdrawn event (the audit trail records it); with erasure requested the participant's data
 * is deleted here, and the erased event tells the other services to delete theirs. Repeating a
 * notice changes nothing (the platform retries).
 */
export async function handleDeauthorization(deps: ParticipantsDeps, notice: DeauthorizeNotice, correlationId: string): Promise<DeauthorizeOutcome> {
  const memberId = notice.project_member_id;
  const pgId = await deps.memberLinks.findPgId(memberId);
  if (!pgId) {
    // Answered 200 all the same: an error would only make the platform retry a notice about nobody.
    deps.logger.warn({ projectMemberId: memberId, erasureRequested: notice.erasure_requested }, 'deauthorization for a member the study does not know');
    return 'unknown-member';
  }

  const written = await participantDocuments(deps).change<'unknown-member' | 'already-erased' | 'already-withdrawn'>(pgId, (record) => {
    const now = deps.now();
    // Linked but never stored: the consent that claimed the link did not finish.
    if (record.state === 'missing') return 'unknown-member';
    if (record.state !== 'active') return 'already-erased';
    if (notice.erasure_requested) {
      const data: ParticipantErasedData = { erasedAt: now.toISOString(), initiatedBy: 'open-humans' };
      const event = createEvent({ type: EventTypes.participantErased, source: deps.service, subject: pgId, data, correlationId });
      return { events: [event], write: (document) => deps.participants.replaceWithTombstone(document, now) };
    }
    const { participant } = record;
    if (!participant.consent && !participant.openHumans?.authorized) return 'already-withdrawn';
    // Only this service's audit trail acts on a withdrawal (an erasure reaches every service).
    const data: ConsentWithdrawnData = { withdrawnAt: now.toISOString(), initiatedBy: 'open-humans' };
    const event = createEvent({ type: EventTypes.consentWithdrawn, source: deps.service, subject: pgId, data, correlationId });
    return { events: [event], write: (document) => deps.participants.withdraw(document, now) };
  });
  // 'erased' from the writer: the document is a tombstone already.
  const outcome: DeauthorizeOutcome = written === 'stored' ? (notice.erasure_requested ? 'erased' : 'withdrawn') : written === 'erased' ? 'already-erased' : written;

  // After the tombstone, so a failure here leaves the link (and the TypeFinder and MBTI results) for the retried notice to remove.
  if (notice.erasure_requested) {
    await deps.typeFinderInbox.remove(studyEmail(pgId, deps.studyEmailHost));
    await deps.lock.run(mbtiScoresLockKey(pgId), () => deps.mbtiResults.remove(pgId));
    await deps.memberLinks.unlink(memberId, pgId);
  }
  deps.logger.info({ pgId, outcome, erasureRequested: notice.erasure_requested }, 'Open Humans deauthorization handled');
  return outcome;
}
