import { on, type CloudEvent, type Subscription } from '@study/event-bus';
import { events, pgIdSchema } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { auditConsent, auditErasure, auditWithdrawal, type RecordedEvent } from '../../domain/audit/participant-events';
import type { ParticipantsDeps } from '../../domain/deps';
import { clearFinalScore, recordFinalReport, recordFinalScore, recordNardiScored } from '../../domain/results/record-results';
import { shareFinalReport } from '../../domain/results/share-final-report';
import { recordNardiResult } from '../../domain/surveys/record-nardi-result';

/** A subject that breaks the contract is a producer bug: failing parks the event on the DLQ to be seen. */
function subjectOf(event: CloudEvent): string {
  return normalizePgId(pgIdSchema.parse(event.subject));
}

function recorded(event: CloudEvent): RecordedEvent {
  return { id: event.id, time: new Date(event.time), pgId: subjectOf(event) };
}

/**
 * What this service listens to: scores and reports, which the dashboard and the result stream
 * show (and the final report goes on to Open Humans); and its own consent, withdrawal and
 * erasure events, which the audit trail records (from the event, so an entry is never lost
 * however the process ends after the change). The Nardi result comes as
 * scoring.nardi.completed.v2 (scores required) and, beside it or alone from an older scoring
 * release, v1: both go to one use case, which stores one result per completion.
 */
export function participantsSubscriptions(deps: ParticipantsDeps): Subscription[] {
  return [
    on(events.nardiScored, (data, event) => recordNardiScored(deps, subjectOf(event), data)),
    on(events.nardiCompleted, (data, event) => recordNardiResult(deps, subjectOf(event), data, event.type)),
    on(events.nardiCompletedV2, (data, event) => recordNardiResult(deps, subjectOf(event), data, event.type)),
    on(events.scoreFinalized, (data, event) => recordFinalScore(deps, subjectOf(event), data)),
    on(events.scoreCleared, (data, event) => clearFinalScore(deps, subjectOf(event), data)),
    on(events.reportGenerated, async (data, event) => {
      const pgId = subjectOf(event);
      // Recorded first: the dashboard shows the report whatever becomes of the upload, which a
      // failure retries from this event (the record is then unchanged).
      await recordFinalReport(deps, pgId, data);
      await shareFinalReport(deps, pgId, data, event.id);
    }),
    on(events.participantConsented, (data, event) => auditConsent(deps, recorded(event), data)),
    on(events.consentWithdrawn, (data, event) => auditWithdrawal(deps, recorded(event), data)),
    on(events.participantErased, (data, event) => auditErasure(deps, recorded(event), data)),
  ];
}
