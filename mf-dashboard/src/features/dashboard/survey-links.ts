import type { SurveyState } from '@study/contracts';
import { DASHBOARD_REMOTE, NARDI_REMOTE, nardiPathForStatus } from '@study/navigation';
import { isSurveyDone, SURVEY_ORDER, type RequiredSurveyId } from '@study/personality';

export const SURVEY_NAMES: Readonly<Record<RequiredSurveyId, string>> = {
  typeFinder: 'TypeFinder',
  nardi: 'Nardi Personality Indicator',
  selfAssessment: 'Self-Assessment',
};

const { pages } = DASHBOARD_REMOTE;

/**
 * Where choosing a survey on the dashboard leads (product.md section 4). Nardi: its intro before
 * any answer, then where its status continues (nardiPathForStatus, which the Nardi screens follow too).
 */
export function surveyPath(survey: SurveyState): string {
  switch (survey.id) {
    case 'typeFinder':
      return pages.typeFinder;
    case 'selfAssessment':
      return survey.answers.length > 0 ? pages.selfAssessmentSurvey : pages.selfAssessment;
    case 'nardi':
      return survey.answers.length === 0 ? NARDI_REMOTE.pages.intro : nardiPathForStatus(survey.status);
    default:
      return pages.survey;
  }
}

export type SurveyItemState = 'completed' | 'rejected' | 'next' | 'locked';

export interface SurveyItem {
  id: RequiredSurveyId;
  name: string;
  state: SurveyItemState;
  /** Only the next survey has one; completed ones show their result instead. */
  link: string | null;
  /** Whether the participant has begun it (answers or a part behind them). */
  started: boolean;
  typeCode?: string;
  consistency?: number;
  /** For a locked survey: the one before it, which has to be done first. */
  waitsFor?: RequiredSurveyId;
}

/** The three required surveys in their order, each with what the dashboard shows for it. */
export function surveyItems(surveys: Readonly<Record<RequiredSurveyId, SurveyState>>): SurveyItem[] {
  const next = SURVEY_ORDER.find((id) => !isSurveyDone(id, surveys[id].status)) ?? null;
  return SURVEY_ORDER.map((id, index): SurveyItem => {
    const survey = surveys[id];
    const base = { id, name: SURVEY_NAMES[id], started: survey.answers.length > 0 || !['pending', 'in-progress'].includes(survey.status) };
    if (survey.status === 'completed') {
      return {
        ...base,
        state: 'completed',
        link: null,
        ...(survey.typeCode !== undefined ? { typeCode: survey.typeCode } : {}),
        ...(survey.consistency !== undefined ? { consistency: survey.consistency } : {}),
      };
    }
    if (isSurveyDone(id, survey.status)) return { ...base, state: 'rejected', link: null };
    if (id === next) return { ...base, state: 'next', link: surveyPath(survey) };
    // The one just before it in the order: it opens once that one is done.
    const waitsFor = SURVEY_ORDER[index - 1];
    return { ...base, state: 'locked', link: null, ...(waitsFor ? { waitsFor } : {}) };
  });
}
