import {
  events,
  nardiAnsweredDataSchema,
  surveyCompletedDataSchema,
  surveyRejectedDataSchema,
  type NardiAnsweredData,
  type SurveyCompletedData,
  type SurveyRejectedData,
} from '@study/contracts';
import { eventOf, type CloudEvent } from '@study/event-bus';
import { selfAssessmentResult, type QuestionAnswer } from '@study/personality';
import type { StoredSurvey } from './stored-survey';
import type { SurveyEventKind } from './survey-rules';

export interface SurveyEventContext {
  source: string;
  pgId: string;
  /** The event time; for a completion or rejection it equals the survey's completedAt. */
  time: Date;
}

/** data of participants.survey.completed.v1 for a survey that has just completed. */
export function completedData(survey: StoredSurvey): SurveyCompletedData {
  switch (survey.id) {
    case 'typeFinder':
      return surveyCompletedDataSchema.parse({ surveyId: 'typeFinder', status: 'completed', typeCode: survey.typeCode });
    case 'nardi':
      return surveyCompletedDataSchema.parse({
        surveyId: 'nardi',
        status: 'completed',
        typeCode: survey.typeCode,
        answers: survey.answers,
        selectedTemperament: survey.selectedTemperament,
        selectedFP: survey.selectedFP,
        selectedTypeCode: survey.selectedTypeCode,
      });
    case 'selfAssessment': {
      const { personalityType, confidence } = selfAssessmentResult(survey.answers as QuestionAnswer[]);
      return surveyCompletedDataSchema.parse({ surveyId: 'selfAssessment', status: 'completed', typeCode: survey.typeCode, personalityType, confidence });
    }
    case 'mbti':
      return surveyCompletedDataSchema.parse({ surveyId: 'mbti', status: 'completed' });
  }
}

/**
 * The event a survey change publishes (in the same write as the change): the part-one answers
 * for scoring, a completion with what scoring needs, or a rejection. The data is checked
 * against its contract, so a producer bug fails the save instead of reaching consumers.
 */
export function surveyEvent(kind: SurveyEventKind, survey: StoredSurvey, ctx: SurveyEventContext): CloudEvent {
  const base = { source: ctx.source, subject: ctx.pgId, time: ctx.time };
  switch (kind) {
    case 'nardi-answered': {
      const data: NardiAnsweredData = nardiAnsweredDataSchema.parse({ answers: survey.answers });
      return eventOf(events.nardiAnswered, { ...base, data });
    }
    case 'completed':
      return eventOf(events.surveyCompleted, { ...base, data: completedData(survey) });
    case 'rejected': {
      const data: SurveyRejectedData = surveyRejectedDataSchema.parse({ surveyId: survey.id, status: 'rejected' });
      return eventOf(events.surveyRejected, { ...base, data });
    }
  }
}
