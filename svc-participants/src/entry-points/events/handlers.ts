import type { CloudEvent } from '@study/event-bus';
import type { EventHandlers } from '@study/service-kit';
import {
  bindingFor,
  EventTypes,
  nardiCompletedDataSchema,
  nardiCompletedV2DataSchema,
  nardiScoredDataSchema,
  pgIdSchema,
  reportGeneratedDataSchema,
  scoreClearedDataSchema,
  scoreFinalizedDataSchema,
} from '@study/contracts';
import { normalizePgId } from '@study/personality';
import type { ParticipantsDeps } from '../../domain/deps';
import { clearFinalScore, recordFinalReport, recordFinalScore, recordNardiScored } from '../../domain/results/record-results';
import { recordNardiResult } from '../../domain/surveys/record-nardi-result';

/** What this service listens to: scores and reports, which the dashboard and the result stream show. */
export const PARTICIPANTS_BINDINGS = [bindingFor('scoring'), bindingFor('reports')];

/** A subject that breaks the contract is a producer bug: failing parks the event on the DLQ to be seen. */
function subjectOf(event: CloudEvent): string {
  return normalizePgId(pgIdSchema.parse(event.subject));
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
      await recordFinalReport(deps, subjectOf(event), reportGeneratedDataSchema.parse(event.data));
    },
  };
}
