import { on, withCorrelationId, type CloudEvent, type Subscription } from '@study/event-bus';
import { events, pgIdSchema } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { auditConsent, auditErasure, auditWithdrawal, type RecordedEvent } from '../../domain/audit/participant-events';
import type { ParticipantsDeps } from '../../domain/deps';
import { clearFinalScore, recordFinalScore, recordNardiScored } from '../../domain/results/record-results';
import { receiveFinalReport, receiveFinalReportWithoutPdf } from '../../domain/results/share-final-report';
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
 * release, v1: both go to one use case, which stores one result per completion. The final report
 * comes as reports.report.generated.v2, carrying the PDF that goes on to Open Humans; a v1 from a
 * svc-reports release older than v2 is recorded, its PDF not shared (the study never asks
 * svc-reports for it).
 */
export function participantsSubscriptions(deps: ParticipantsDeps): Subscription[] {
  return [
    on(events.nardiScored, (data, event) => recordNardiScored(deps, subjectOf(event), data)),
    on(events.nardiCompleted, (data, event) => recordNardiResult(deps, subjectOf(event), data, event.type)),
    on(events.nardiCompletedV2, (data, event) => recordNardiResult(deps, subjectOf(event), data, event.type)),
    on(events.scoreFinalized, (data, event) => recordFinalScore(deps, subjectOf(event), data)),
    on(events.scoreCleared, (data, event) => clearFinalScore(deps, subjectOf(event), data)),
    on(events.reportGenerated, (data, event) => receiveFinalReportWithoutPdf(deps, subjectOf(event), data)),
    // A withdrawal it causes (the member left) carries the report's correlation id, else the report event's own id.
    on(events.reportGeneratedV2, (data, event) => withCorrelationId(event.correlationid ?? event.id, () => receiveFinalReport(deps, subjectOf(event), data))),
    on(events.participantConsented, (data, event) => auditConsent(deps, recorded(event), data)),
    on(events.consentWithdrawn, (data, event) => auditWithdrawal(deps, recorded(event), data)),
    on(events.participantErased, (data, event) => auditErasure(deps, recorded(event), data)),
  ];
}
