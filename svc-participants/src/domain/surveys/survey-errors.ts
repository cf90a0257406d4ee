import { ErrorCodes, type SurveyId } from '@study/contracts';
import { isPersonalityError } from '@study/personality';
import { AppError } from '@study/service-kit';

export const SURVEY_NAMES: Readonly<Record<SurveyId, string>> = {
  typeFinder: 'the TypeFinder test',
  nardi: 'the Nardi survey',
  selfAssessment: 'the self-assessment',
  mbti: 'the official MBTI assessment',
};

/** The survey's name at the start of a sentence. */
export function surveyName(id: SurveyId): string {
  const name = SURVEY_NAMES[id];
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A status the survey does not have (400). */
export function statusInvalid(id: SurveyId, status: string, allowed: readonly string[], hint = ''): AppError {
  return new AppError(400, ErrorCodes.SURVEY_STATUS_INVALID, `${surveyName(id)} has no status '${status}'; use one of ${allowed.join(', ')}.${hint ? ` ${hint}` : ''}`);
}

/** Answers, index or choices that break the survey's rules (400). */
export function answersInvalid(message: string): AppError {
  return new AppError(400, ErrorCodes.SURVEY_ANSWERS_INVALID, message);
}

/** A step skipped or taken back, or a saved step changed afterwards (409). */
export function stepInvalid(message: string): AppError {
  return new AppError(409, ErrorCodes.SURVEY_STEP_INVALID, message);
}

/**
 * Runs a domain rule of @study/personality; a broken rule (an answer, code or choice that does
 * not fit) becomes a 400 with the rule's own code and message, which name the problem.
 */
export function checkRule<T>(rule: () => T): T {
  try {
    return rule();
  } catch (err) {
    if (isPersonalityError(err)) throw new AppError(400, err.code, err.message, { cause: err });
    throw err;
  }
}
