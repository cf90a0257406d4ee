import { toTypeCode, type TypeCode } from '../catalogue/codes';
import { PersonalityError } from '../errors';
import { SELF_ASSESSMENT_QUESTIONS, type ConfidenceLevel, type QuestionAnswer, type QuestionDefinition } from './questions';

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

function selectionKey(selection: unknown): unknown {
  return typeof selection === 'object' && selection !== null ? (selection as { value?: unknown }).value : selection;
}

function selectionExplanation(selection: unknown): unknown {
  return typeof selection === 'object' && selection !== null ? (selection as { extValue?: unknown }).extValue : undefined;
}

function followsTypeRules(question: QuestionDefinition, answer: QuestionAnswer): boolean {
  const { value } = answer;
  switch (question.questionType) {
    case 'text':
      // Non-empty; with a values list, the upper-cased text must be one of them.
      return hasText(value) && (question.values === undefined || question.values.includes((value as string).trim().toUpperCase()));
    case 'single': {
      // An option key; an option that asks for an explanation needs non-empty text.
      const option = question.options.find((candidate) => candidate.key === value);
      return option !== undefined && (option.extValue === undefined || hasText(answer.extValue));
    }
    case 'multi': {
      // At least one selection, each a valid key chosen once, with an explanation where required.
      if (!Array.isArray(value) || value.length === 0) return false;
      const keys = value.map(selectionKey);
      if (new Set(keys).size !== keys.length) return false;
      return value.every((selection: unknown) => {
        const option = question.options.find((candidate) => candidate.key === selectionKey(selection));
        return option !== undefined && (option.extValue === undefined || hasText(selectionExplanation(selection)));
      });
    }
    default:
      throw new PersonalityError('QUESTION_INVALID', `Unknown question type '${String(question.questionType)}' for question '${question.id}'.`);
  }
}

/** Whether an answer satisfies its question (product.md section 5). Unknown question types throw. */
export function isAnswerValid(question: QuestionDefinition, answer: QuestionAnswer | undefined): boolean {
  if (answer === undefined) return false;
  return followsTypeRules(question, answer) && (question.validator === undefined || question.validator(answer));
}

/** Save is allowed only when there is exactly one valid answer per question. */
export function areAnswersComplete(questions: readonly QuestionDefinition[], answers: readonly QuestionAnswer[]): boolean {
  return (
    answers.length === questions.length &&
    questions.every((question) => isAnswerValid(question, answers.find((answer) => answer.id === question.id)))
  );
}

export interface SelfAssessmentResult {
  personalityType: TypeCode;
  confidence: ConfidenceLevel;
}

/**
 * The type (transformed to upper case) and confidence of a completed self-assessment, as the
 * final score needs them. Throws QUESTION_INVALID when the answers are not complete and valid.
 */
export function selfAssessmentResult(answers: readonly QuestionAnswer[]): SelfAssessmentResult {
  if (!areAnswersComplete(SELF_ASSESSMENT_QUESTIONS, answers)) {
    throw new PersonalityError('QUESTION_INVALID', 'The self-assessment answers are incomplete or invalid.');
  }
  // The question definitions (values list, option keys) guarantee both are valid codes here.
  const typed = answers.find((answer) => answer.id === 'personalityType')?.value as string;
  return {
    personalityType: toTypeCode(typed.trim().toUpperCase()),
    confidence: answers.find((answer) => answer.id === 'confidence')?.value as ConfidenceLevel,
  };
}
