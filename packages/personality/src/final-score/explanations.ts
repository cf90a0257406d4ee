import { INCONCLUSIVE } from '../constants';
import type { AnySurveyId, RequiredSurveyId } from './survey-order';
import type { DichotomyLetter } from '../catalogue/codes';
import type { FinalScoreBasis, LetterDecision } from './final-score';

/** How the surveys are named to participants (messages, the final report). */
export const SURVEY_NAMES: Readonly<Record<AnySurveyId, string>> = {
  typeFinder: 'TypeFinder test',
  nardi: 'Nardi Personality Indicator',
  selfAssessment: 'self-assessment',
  mbti: 'official MBTI assessment',
};

/** What a participant still has to do for each required survey before the final score exists. */
const MISSING_STEPS: Readonly<Record<RequiredSurveyId, string>> = {
  typeFinder: 'complete the TypeFinder test',
  nardi: 'complete the Nardi Personality Indicator',
  selfAssessment: 'complete or decline the self-assessment',
};

function joinSteps(steps: readonly string[]): string {
  if (steps.length <= 1) return steps.join('');
  return `${steps.slice(0, -1).join(', ')} and ${steps[steps.length - 1]}`;
}

/** All three surveys are in and the final type is being worked out. */
export const FINAL_SCORE_BEING_WORKED_OUT = 'Your final type is being worked out from your answers; your dashboard shows it as soon as it is ready.';

/**
 * The message shown while the final score cannot be computed yet, naming what is missing
 * (see missingForFinalScore), e.g. 'Your final score is not ready yet: please complete the
 * Nardi Personality Indicator and complete or decline the self-assessment from your dashboard. ...'
 */
export function finalScoreMissingMessage(missing: readonly RequiredSurveyId[]): string {
  if (missing.length === 0) return FINAL_SCORE_BEING_WORKED_OUT;
  return `Your final score is not ready yet: please ${joinSteps(missing.map((id) => MISSING_STEPS[id]))} from your dashboard. If you have just done so, your dashboard shows your final type as soon as it is worked out.`;
}

/** Why a final score is 'Inconclusive', in words a participant understands. */
export const INCONCLUSIVE_EXPLANATION =
  'Your results point to different personality types, and you told us you were less than 80% sure of the type you chose for yourself. ' +
  'Rather than pick one type for you, the study records your result as inconclusive. Your answers are still valuable to the research.';

/** One sentence on how the final score was reached, for each rule of domain.md section 5. */
export const FINAL_SCORE_BASIS_EXPLANATIONS: Readonly<Record<FinalScoreBasis, string>> = {
  allAgree: 'All of your results point to the same type.',
  selfAssessmentConfident: 'Your results differ, and you were at least 80% sure of your own choice, so your self-assessed type decides.',
  inconclusive: 'Your results differ, and you were less than 80% sure of your own choice.',
  rejectedAllAgree: 'You declined the self-assessment, and your test results all point to the same type.',
  letterMajority: 'You declined the self-assessment and your test results differ, so each letter was decided on its own.',
};

/** How one letter of a letter-by-letter final score was decided (domain.md section 5, rule 2). */
export const LETTER_DECISION_EXPLANATIONS: Readonly<Record<LetterDecision, string>> = {
  majority: 'most of your test results chose it',
  mbti: 'your test results were split evenly, and your official MBTI result broke the tie',
  nardiScore: 'your test results were split evenly, and your higher Nardi preference score broke the tie',
  nardiType: 'your test results were split evenly and so were your Nardi preference scores, so the type you picked in the Nardi survey decided',
};

/**
 * The whole explanation of how the final score was reached: the rule, and for a
 * letter-by-letter result one clause per letter, e.g. '... decided on its own: E, most of your
 * test results chose it; N, your test results were split evenly, and your higher Nardi
 * preference score broke the tie; ...'.
 */
export function finalScoreBasisText(decidedBy: { basis: FinalScoreBasis; letters?: readonly { letter: DichotomyLetter; decidedBy: LetterDecision }[] }): string {
  const rule = FINAL_SCORE_BASIS_EXPLANATIONS[decidedBy.basis];
  if (decidedBy.basis !== 'letterMajority' || !decidedBy.letters || decidedBy.letters.length === 0) return rule;
  const clauses = decidedBy.letters.map(({ letter, decidedBy: by }) => `${letter}, ${LETTER_DECISION_EXPLANATIONS[by]}`);
  return `${rule.replace(/\.$/, '')}: ${clauses.join('; ')}.`;
}

/** Whether a final score is 'Inconclusive' rather than one of the 16 types. */
export function isInconclusive(typeCode: string): typeCode is typeof INCONCLUSIVE {
  return typeCode === INCONCLUSIVE;
}
