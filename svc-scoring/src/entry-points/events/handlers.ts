import {
  bindingFor,
  EventTypes,
  mbtiUploadedDataSchema,
  nardiAnsweredDataSchema,
  pgIdSchema,
  surveyCompletedDataSchema,
  surveyRejectedDataSchema,
  surveysResetDataSchema,
} from '@study/contracts';
import type { CloudEvent } from '@study/event-bus';
import { normalizePgId } from '@study/personality';
import type { EventHandlers } from '@study/service-kit';
import type { Db } from 'mongodb';
import { PERSONAL_DATA_COLLECTIONS } from '../../data-access/personal-data';
import type { ScoringDeps } from '../../domain/deps';
import { eraseParticipant } from '@study/personal-data';
import { applySurveysReset, recordConsent, recordMbti, recordSelfAssessment, recordTypeFinder } from '../../domain/final-score/record-inputs';
import { completeNardiSurvey, scorePartOne } from '../../domain/nardi/apply-survey-events';
import type { SourceEvent } from '../../domain/score-document';

/** What this service listens to: participant events (consents, surveys completed or declined, resets, uploads, erasures). */
export const SCORING_BINDINGS = [bindingFor('participants')];

/**
 * Whose event, when and why. A subject or data that breaks the contract is a producer bug:
 * the parse throws, and the message is retried and then parked on the DLQ to be seen.
 */
function sourceOf(event: CloudEvent): SourceEvent {
  return { pgId: normalizePgId(pgIdSchema.parse(event.subject)), time: new Date(event.time), correlationId: event.correlationid };
}

/** Handlers by event type; any other type is acknowledged and logged at debug. */
export function scoringEventHandlers(deps: ScoringDeps & { db: Db }): EventHandlers {
  return {
    [EventTypes.participantConsented]: async (event) => {
      await recordConsent(deps, sourceOf(event));
    },
    [EventTypes.nardiAnswered]: async (event) => {
      const { answers } = nardiAnsweredDataSchema.parse(event.data);
      await scorePartOne(deps, sourceOf(event), answers);
    },
    [EventTypes.surveyCompleted]: async (event) => {
      const data = surveyCompletedDataSchema.parse(event.data);
      switch (data.surveyId) {
        case 'typeFinder':
          await recordTypeFinder(deps, sourceOf(event), data);
          return;
        case 'nardi':
          await completeNardiSurvey(deps, sourceOf(event), data);
          return;
        case 'selfAssessment':
          await recordSelfAssessment(deps, sourceOf(event), data);
          return;
        case 'mbti':
          // The official MBTI test completes without a result; the result arrives by upload.
          return;
      }
    },
    [EventTypes.surveyRejected]: async (event) => {
      const data = surveyRejectedDataSchema.parse(event.data);
      // A declined Nardi survey has no type; the final score waits for a completed one (missingForFinalScore).
      if (data.surveyId === 'selfAssessment') await recordSelfAssessment(deps, sourceOf(event), { surveyId: 'selfAssessment', status: 'rejected' });
    },
    [EventTypes.mbtiUploaded]: async (event) => {
      await recordMbti(deps, sourceOf(event), mbtiUploadedDataSchema.parse(event.data));
    },
    [EventTypes.surveysReset]: async (event) => {
      const { surveys } = surveysResetDataSchema.parse(event.data);
      await applySurveysReset(deps, sourceOf(event), surveys);
    },
    [EventTypes.participantErased]: async (event) => {
      const { pgId } = sourceOf(event);
      await eraseParticipant({ ...deps, collections: PERSONAL_DATA_COLLECTIONS }, pgId);
    },
  };
}
