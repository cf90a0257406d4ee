import { events, pgIdSchema } from '@study/contracts';
import { on, type CloudEvent, type Subscription } from '@study/event-bus';
import { normalizePgId } from '@study/personality';
import type { Db } from 'mongodb';
import { PERSONAL_DATA_COLLECTIONS } from '../../data-access/personal-data';
import type { ScoringDeps } from '../../domain/deps';
import { eraseParticipant } from '@study/personal-data';
import { applySurveysReset, recordConsent, recordMbti, recordSelfAssessment, recordTypeFinder } from '../../domain/final-score/record-inputs';
import { completeNardiSurvey, scorePartOne } from '../../domain/nardi/apply-survey-events';
import type { SourceEvent } from '../../domain/score-document';

/**
 * Whose event and when; its correlation id reaches the events it causes through the consumer,
 * which runs the handler inside it. A subject that breaks the contract is a producer bug: the
 * parse throws, and the message is retried and then parked on the DLQ to be seen (as data that
 * breaks its schema is, by on()).
 */
function sourceOf(event: CloudEvent): SourceEvent {
  return { pgId: normalizePgId(pgIdSchema.parse(event.subject)), time: new Date(event.time) };
}

/** What this service listens to: participant events (consents, surveys completed or declined, resets, uploads, erasures). */
export function scoringSubscriptions(deps: ScoringDeps & { db: Db }): Subscription[] {
  return [
    on(events.participantConsented, (_data, event) => recordConsent(deps, sourceOf(event))),
    on(events.nardiAnswered, ({ answers }, event) => scorePartOne(deps, sourceOf(event), answers)),
    on(events.surveyCompleted, async (data, event) => {
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
    }),
    on(events.surveyRejected, async (data, event) => {
      // A declined Nardi survey has no type; the final score waits for a completed one (missingForFinalScore).
      if (data.surveyId === 'selfAssessment') await recordSelfAssessment(deps, sourceOf(event), { surveyId: 'selfAssessment', status: 'rejected' });
    }),
    on(events.mbtiUploaded, (data, event) => recordMbti(deps, sourceOf(event), data)),
    on(events.surveysReset, ({ surveys }, event) => applySurveysReset(deps, sourceOf(event), surveys)),
    on(events.participantErased, (_data, event) => eraseParticipant({ ...deps, collections: PERSONAL_DATA_COLLECTIONS }, sourceOf(event).pgId)),
  ];
}
