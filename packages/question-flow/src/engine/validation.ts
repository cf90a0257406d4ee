import { isAnswerValid, type QuestionAnswer, type QuestionDefinition } from '@study/personality';
import { assertQuestions, findAnswer } from './questions';
import type { FlowQuestion } from './types';

/** The tooltips that explain why Next is disabled (product.md section 5). */
export const VALIDATION_MESSAGES = {
  /** Single and multi questions. */
  selection: 'Must make a selection',
  /** Text questions. */
  text: 'Must enter a valid answer',
} as const;

/** The label of the free-text field an option with extValue asks for, when it names none. */
export const EXPLANATION_LABEL = 'Please explain';

/**
 * What a text field says under it when its text is not accepted: the question's own words (what
 * to type instead), or the rule.
 */
export function textInputErrorText(question: FlowQuestion): string {
  return question.invalidText !== undefined && question.invalidText.trim() !== '' ? question.invalidText : VALIDATION_MESSAGES.text;
}

/** What an explanation field left empty says: what it needs, and the way out. */
export function missingExplanationText(prompt: string, undo: string): string {
  return `Write a few words to explain “${prompt}”, or ${undo}.`;
}

/** The rule a question's answer must follow, as its tooltip says it. */
export function validationMessage(question: FlowQuestion): string {
  assertQuestions([question]);
  return question.questionType === 'text' ? VALIDATION_MESSAGES.text : VALIDATION_MESSAGES.selection;
}

/**
 * Whether an answer satisfies its question (product.md section 5): the shared rules of
 * @study/personality plus the question's own validator. Unknown types throw QuestionFlowError.
 */
export function isValidAnswer(question: FlowQuestion, answer: QuestionAnswer | undefined): boolean {
  assertQuestions([question]);
  // The shared rules only use the id in their messages; the type was checked above.
  const definition: QuestionDefinition = { ...question, id: String(question.id) };
  return isAnswerValid(definition, answer);
}

/** The tooltip to show for an answer, or null when the answer is valid. */
export function answerProblem(question: FlowQuestion, answer: QuestionAnswer | undefined): string | null {
  return isValidAnswer(question, answer) ? null : validationMessage(question);
}

/**
 * Whether the answers can be saved: as many answers as questions, every question answered and
 * every answer valid (product.md section 5).
 */
export function areAllAnswersValid(questions: readonly FlowQuestion[], answers: readonly QuestionAnswer[]): boolean {
  assertQuestions(questions);
  return answers.length === questions.length && questions.every((question) => isValidAnswer(question, findAnswer(answers, question.id)));
}
