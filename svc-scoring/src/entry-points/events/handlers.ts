import {
  bindingFor,
  EventTypes,
  nardiAnsweredDataSchema,
  pgIdSchema,
  surveyCompletedDataSchema,
  surveysResetDataSchema,
} from '@study/contracts';
import type { CloudEvent } from '@study/event-bus';
import { normalizePgId } from '@study/personality';
import type { EventHandlers } from '@study/service-kit';
import type { Db } from 'mongodb';
import { PERSONAL_DATA_COLLECTIONS } from '../../data-access/personal-data';
import { eraseParticipant } from '../../domain/erase-participant';
import { completeNardiSurvey, resetNardi, scorePartOne, type SourceEvent } from '../../domain/nardi/apply-survey-events';
import type { NardiDeps } from '../../domain/nardi/deps';

/** What this service listens to: participant events (surveys completed, resets, uploads, erasures). */
export const SCORING_BINDINGS = [bindingFor('participants')];

/**
 * Whose event, when and why. A subject or data that breaks the contract is a producer bug:
 * the parse throws, and the message is retried and then parked on the DLQ to be seen.
 */
function sourceOf(event: CloudEvent): SourceEvent {
  return { pgId: normalizePgId(pgIdSchema.parse(event.subject)), time: new Date(event.time), correlationId: event.correlationid };
}

/** Handlers by event type; any other type is acknowledged and logged at debug. */
export function scoringEventHandlers(deps: NardiDeps & { db: Db }): EventHandlers {
  return {
    [EventTypes.nardiAnswered]: async (event) => {
      const { answers } = nardiAnsweredDataSchema.parse(event.data);
      await scorePartOne(deps, sourceOf(event), answers);
    },
    [EventTypes.surveyCompleted]: async (event) => {
      const data = surveyCompletedDataSchema.parse(event.data);
      // The other surveys feed the final score, which arrives with its own flow.
      if (data.surveyId === 'nardi') await completeNardiSurvey(deps, sourceOf(event), data);
    },
    [EventTypes.surveysReset]: async (event) => {
      const { surveys } = surveysResetDataSchema.parse(event.data);
      if (surveys.includes('nardi')) await resetNardi(deps, sourceOf(event));
    },
    [EventTypes.participantErased]: async (event) => {
      const { pgId } = sourceOf(event);
      await eraseParticipant({ ...deps, collections: PERSONAL_DATA_COLLECTIONS }, pgId);
    },
  };
}
