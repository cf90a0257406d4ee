import { events, type ConsentWithdrawnData, type ParticipantErasedData } from '@study/contracts';
import { eventOf } from '@study/event-bus';
import { mbtiScoresLockKey, participantDocuments } from '../data-access/participant-documents';
import type { ParticipantsDeps } from './deps';
import { awaitingStepChange } from './reminders/awaiting-step';
import { forgetReminders } from './reminders/forget-reminders';
import { studyEmail } from './typefinder/claim-result';

/** What leaving did: withdrawn or erased now, nothing new, or nobody to act on. */
export type LeaveOutcome = 'withdrawn' | 'erased' | 'already-withdrawn' | 'already-erased' | 'unknown-member';

export interface Leaving {
  pgId: string;
  /** The participant's Open Humans project member id, when they linked one: its link goes on erasure. */
  memberId?: string;
  /** Also erase the participant's data (else: withdrawn, data kept). */
  erase: boolean;
  /** Who asked: Open Humans' deauthorization notice or the participant on the dashboard (for the audit trail). */
  initiatedBy: 'open-humans' | 'participant';
}

/**
 * What leaving the study does, however the participant leaves: on Open Humans (the
 * deauthorization webhook) or from the dashboard (POST /api/user/withdraw, once Open Humans has
 * removed them from the project). Consent becomes false and the study's copy of the Open Humans
 * tokens goes; with erasure the participant's data is deleted here and the erased event tells
 * the other services to delete theirs. Repeating it changes nothing.
 */
export async function leaveStudy(deps: ParticipantsDeps, leaving: Leaving): Promise<LeaveOutcome> {
  const { pgId, memberId, erase, initiatedBy } = leaving;
  const written = await participantDocuments(deps).change<'unknown-member' | 'already-erased' | 'already-withdrawn'>(pgId, (record) => {
    const now = deps.now();
    // Linked but never stored: the consent that claimed the link did not finish.
    if (record.state === 'missing') return 'unknown-member';
    if (record.state !== 'active') return 'already-erased';
    if (erase) {
      const data: ParticipantErasedData = { erasedAt: now.toISOString(), initiatedBy };
      const event = eventOf(events.participantErased, { source: deps.service, subject: pgId, data });
      return { events: [event], write: (document) => deps.participants.replaceWithTombstone(document, now) };
    }
    const { participant } = record;
    if (!participant.consent && !participant.openHumans?.authorized) return 'already-withdrawn';
    // Only this service's audit trail acts on a withdrawal (an erasure reaches every service).
    const data: ConsentWithdrawnData = { withdrawnAt: now.toISOString(), initiatedBy };
    const event = eventOf(events.consentWithdrawn, { source: deps.service, subject: pgId, data });
    // No reminders once withdrawn.
    const awaiting = awaitingStepChange(record.stored, { ...participant, consent: false, openHumans: participant.openHumans && { ...participant.openHumans, authorized: false } });
    return { events: [event], write: (document) => deps.participants.withdraw(document, now, awaiting) };
  });
  // 'erased' from the writer: the document is a tombstone already.
  const outcome: LeaveOutcome = written === 'stored' ? (erase ? 'erased' : 'withdrawn') : written === 'erased' ? 'already-erased' : written;

  // After the tombstone, so a failure here leaves the link (and the TypeFinder and MBTI results) for a repeated call to remove.
  if (erase) {
    await deps.typeFinderInbox.remove(studyEmail(pgId, deps.studyEmailHost));
    await deps.lock.run(mbtiScoresLockKey(pgId), () => deps.mbtiResults.remove(pgId));
    await forgetReminders(deps, pgId, memberId);
    if (memberId) await deps.memberLinks.unlink(memberId, pgId);
  }
  return outcome;
}
