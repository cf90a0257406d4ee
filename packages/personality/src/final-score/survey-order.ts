/** The required surveys in the order a participant takes them (product.md section 4). */
export const SURVEY_ORDER = ['typeFinder', 'nardi', 'selfAssessment'] as const;
export type RequiredSurveyId = (typeof SURVEY_ORDER)[number];

/** Any survey with state, including the optional official type indicator. */
export type AnySurveyId = RequiredSurveyId | 'mbti';

export interface SurveyStatusLike {
  readonly status: string;
}

/** Survey states keyed by survey id; a missing survey counts as not started. */
export type SurveyStates = { readonly [K in AnySurveyId]?: SurveyStatusLike | null };

/** A survey is done when completed; nardi and selfAssessment are also done when rejected. */
export function isSurveyDone(id: AnySurveyId, status: string | null | undefined): boolean {
  if (status === 'completed') return true;
  return status === 'rejected' && (id === 'nardi' || id === 'selfAssessment');
}

/** The first required survey that is not done, or null when all three are done. */
export function nextSurvey(states: SurveyStates): RequiredSurveyId | null {
  return SURVEY_ORDER.find((id) => !isSurveyDone(id, states[id]?.status)) ?? null;
}

/**
 * Whether the final score can be computed (domain.md section 5): typeFinder completed, nardi
 * completed (a rejected Nardi has no type to score) and selfAssessment completed or rejected.
 */
export function finalScoreReady(states: SurveyStates): boolean {
  const selfAssessment = states.selfAssessment?.status;
  return (
    states.typeFinder?.status === 'completed' &&
    states.nardi?.status === 'completed' &&
    (selfAssessment === 'completed' || selfAssessment === 'rejected')
  );
}

/**
 * The required surveys that still stand between the participant and a final score, in the
 * required order: typeFinder until completed, nardi until completed (a declined Nardi survey
 * has no type to score), selfAssessment until completed or rejected. Empty exactly when
 * finalScoreReady(...) is true.
 */
export function missingForFinalScore(states: SurveyStates): RequiredSurveyId[] {
  return SURVEY_ORDER.filter((id) => {
    const status = states[id]?.status;
    return id === 'selfAssessment' ? status !== 'completed' && status !== 'rejected' : status !== 'completed';
  });
}
