import type { CloudEvent } from '@study/event-bus';
import type { EventHandlers } from '@study/service-kit';
import {
  bindingFor,
  consentWithdrawnDataSchema,
  EventTypes,
  nardiCompletedDataSchema,
  nardiCompletedV2DataSchema,
  nardiScoredDataSchema,
  participantConsentedDataSchema,
  participantErasedDataSchema,
  pgIdSchema,
  reportGeneratedDataSchema,
  scoreClearedDataSchema,
  scoreFinalizedDataSchema,
} from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { auditConsent, auditErasure, auditWithdrawal, type RecordedEvent } from '../../domain/audit/participant-events';
import type { ParticipantsDeps } from '../../domain/deps';
import { clearFinalScore, recordFinalReport, recordFinalScore, recordNardiScored } from '../../domain/results/record-results';
import { shareFinalReport } from '../../domain/results/share-final-report';
import { recordNardiResult } from '../../domain/surveys/record-nardi-result';

/**
 * What this service listens to: scores and reports, which the dashboard and the result stream
 * show (and the final report goes on to Open Humans); and its own consent, withdrawal and erasure events, which the audit trail records (from
 * the event, so an entry is never lost however the process ends after the change).
 */
export const PARTICIPANTS_BINDINGS = [bindingFor('scoring'), bindingFor('reports'), EventTypes.participantConsented, EventTypes.consentWithdrawn, EventTypes.participantErased];

/** A subject that breaks the contract is a producer bug: failing parks the event on the DLQ to be seen. */
function subjectOf(event: CloudEvent): string {
  return normalizePgId(pgIdSchema.parse(event.subject));
}

function recorded(event: CloudEvent): RecordedEvent {
  return { id: event.id, time: new Date(event.time), pgId: subjectOf(event) };
}

/**
 * Handlers by event type; any other type is acknowledged and logged at debug. The Nardi result
 * comes as scoring.nardi.completed.v2 (scores required) and, beside it or alone from an older
 * scoring release, v1: both go to one use case, which stores one result per completion.
 */
export function participantsEventHandlers(deps: ParticipantsDeps): EventHandlers {
  return {
    [EventTypes.nardiScored]: async (event) => {
      await recordNardiScored(deps, subjectOf(event), nardiScoredDataSchema.parse(event.data));
    },
    [EventTypes.nardiCompleted]: async (event) => {
      await recordNardiResult(deps, subjectOf(event), nardiCompletedDataSchema.parse(event.data), event.type);
    },
    [EventTypes.nardiCompletedV2]: async (event) => {
      await recordNardiResult(deps, subjectOf(event), nardiCompletedV2DataSchema.parse(event.data), event.type);
    },
    [EventTypes.scoreFinalized]: async (event) => {
      await recordFinalScore(deps, subjectOf(event), scoreFinalizedDataSchema.parse(event.data));
    },
    [EventTypes.scoreCleared]: async (event) => {
      await clearFinalScore(deps, subjectOf(event), scoreClearedDataSchema.parse(event.data));
    },
    [EventTypes.reportGenerated]: async (event) => {
      const pgId = subjectOf(event);
      const data = reportGeneratedDataSchema.parse(event.data);
      // Recorded first: the dashboard shows the report whatever becomes of the upload, which a
      // failure retries from this event (the record is then unchanged).
      await recordFinalReport(deps, pgId, data);
      await shareFinalReport(deps, pgId, data, event.id);
    },
    [EventTypes.participantConsented]: async (event) => {
      await auditConsent(deps, recorded(event), participantConsentedDataSchema.parse(event.data));
    },
    [EventTypes.consentWithdrawn]: async (event) => {
      await auditWithdrawal(deps, recorded(event), consentWithdrawnDataSchema.parse(event.data));
    },
    [EventTypes.participantErased]: async (event) => {
      await auditErasure(deps, recorded(event), participantErasedDataSchema.parse(event.data));
    },
  };
}
