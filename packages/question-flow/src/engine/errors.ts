/**
 * A question flow that cannot run: its definitions or its state are broken. These are programming
 * or data errors (not user mistakes), so they throw rather than show up as validation messages.
 */
export const QuestionFlowErrorCodes = {
  /** A question's questionType is not 'text', 'single' or 'multi'. */
  UNKNOWN_QUESTION_TYPE: 'UNKNOWN_QUESTION_TYPE',
  /** There are no questions, or an index or id names no question. */
  QUESTION_MISSING: 'QUESTION_MISSING',
  /** Two questions share one id, so their answers could not be told apart. */
  DUPLICATE_QUESTION_ID: 'DUPLICATE_QUESTION_ID',
  /** The survey state has no id, so it could not be saved to the right survey. */
  SURVEY_ID_MISSING: 'SURVEY_ID_MISSING',
} as const;

export type QuestionFlowErrorCode = (typeof QuestionFlowErrorCodes)[keyof typeof QuestionFlowErrorCodes];

export class QuestionFlowError extends Error {
  override readonly name = 'QuestionFlowError';

  constructor(
    readonly code: QuestionFlowErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isQuestionFlowError(value: unknown): value is QuestionFlowError {
  return value instanceof QuestionFlowError;
}
