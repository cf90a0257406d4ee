import {
  bindingFor,
  EventTypes,
  nardiCompletedDataSchema,
  nardiCompletedV2DataSchema,
  pgIdSchema,
  scoreClearedDataSchema,
  scoreFinalizedDataSchema,
  surveysResetDataSchema,
} from '@study/contracts';
import type { CloudEvent } from '@study/event-bus';
import { normalizePgId } from '@study/personality';
import type { EventHandlers } from '@study/service-kit';
import { PERSONAL_DATA_COLLECTIONS } from '../../data-access/personal-data';
import type { ReportsDeps } from '../../domain/deps';
import { eraseParticipant } from '@study/personal-data';
import { clearFinalScore, recordFinalScore } from '../../domain/final-report/record-final-score';
import { recordConsent, recordNardiResult, resetNardi } from '../../domain/nardi-report/record-nardi-events';

/** What this service listens to: participant and scoring events, the inputs of the reports (and erasures). */
export const REPORTS_BINDINGS = [bindingFor('participants'), bindingFor('scoring')];

/** A subject that is not a study ID is a producer bug: failing parks it on the DLQ to be seen. */
function subjectOf(event: CloudEvent): string {
  return normalizePgId(pgIdSchema.parse(event.subject));
}

/** Handlers by event type; any other type is acknowledged and logged at debug. */
export function reportsEventHandlers(deps: ReportsDeps): EventHandlers {
  return {
    [EventTypes.participantConsented]: async (event) => {
      await recordConsent(deps, subjectOf(event), new Date(event.time));
    },
    [EventTypes.nardiCompletedV2]: async (event) => {
      await recordNardiResult(deps, subjectOf(event), nardiCompletedV2DataSchema.parse(event.data), event.type);
    },
    // Still read while a svc-scoring release older than v2 may run: the same result, recorded once per completion.
    [EventTypes.nardiCompleted]: async (event) => {
      await recordNardiResult(deps, subjectOf(event), nardiCompletedDataSchema.parse(event.data), event.type);
    },
    [EventTypes.surveysReset]: async (event) => {
      const { surveys } = surveysResetDataSchema.parse(event.data);
      await resetNardi(deps, subjectOf(event), new Date(event.time), surveys);
    },
    [EventTypes.scoreFinalized]: async (event) => {
      await recordFinalScore(deps, subjectOf(event), scoreFinalizedDataSchema.parse(event.data));
    },
    [EventTypes.scoreCleared]: async (event) => {
      await clearFinalScore(deps, subjectOf(event), scoreClearedDataSchema.parse(event.data));
    },
    [EventTypes.participantErased]: async (event) => {
      await eraseParticipant({ ...deps, collections: PERSONAL_DATA_COLLECTIONS }, subjectOf(event));
    },
  };
}
