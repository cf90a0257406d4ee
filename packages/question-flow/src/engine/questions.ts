import { QUESTION_TYPES, type QuestionAnswer, type QuestionType } from '@study/personality';
import { QuestionFlowError } from './errors';
import type { FlowQuestion } from './types';

function isQuestionType(value: unknown): value is QuestionType {
  return (QUESTION_TYPES as readonly unknown[]).includes(value);
}

/**
 * Checks the definitions once before they are used: there is at least one question, every type
 * is known and no two questions share an id. Throws QuestionFlowError.
 */
export function assertQuestions(questions: readonly FlowQuestion[]): void {
  if (questions.length === 0) throw new QuestionFlowError('QUESTION_MISSING', 'The survey has no questions.');
  const seen = new Set<string | number>();
  for (const question of questions) {
    if (!isQuestionType(question.questionType)) {
      throw new QuestionFlowError(
        'UNKNOWN_QUESTION_TYPE',
        `Unknown question type '${String(question.questionType)}' for question '${String(question.id)}'.`,
      );
    }
    if (seen.has(question.id)) throw new QuestionFlowError('DUPLICATE_QUESTION_ID', `Question id '${String(question.id)}' is used twice.`);
    seen.add(question.id);
  }
}

/** The question at a 0-based index; throws QUESTION_MISSING when there is none. */
export function questionAt(questions: readonly FlowQuestion[], index: number): FlowQuestion {
  const question = Number.isInteger(index) ? questions[index] : undefined;
  if (question === undefined) {
    throw new QuestionFlowError('QUESTION_MISSING', `There is no question number ${String(index + 1)} (the survey has ${questions.length}).`);
  }
  return question;
}

/** The question with an id; throws QUESTION_MISSING when there is none. */
export function findQuestion(questions: readonly FlowQuestion[], id: string | number): FlowQuestion {
  const question = questions.find((candidate) => candidate.id === id);
  if (question === undefined) throw new QuestionFlowError('QUESTION_MISSING', `There is no question '${String(id)}'.`);
  return question;
}

export function findAnswer(answers: readonly QuestionAnswer[], id: string | number): QuestionAnswer | undefined {
  return answers.find((answer) => answer.id === id);
}

/**
 * The values to suggest for what has been typed into a text question: its values list, narrowed
 * by the question's filter when it has one. Empty for questions without a values list.
 */
export function suggestionsFor(question: FlowQuestion, typed: string): readonly string[] {
  const { values, filter } = question;
  if (values === undefined) return [];
  return filter === undefined ? values : values.filter((value) => filter(typed, value));
}
