import type { QuestionAnswer, QuestionSelection } from '@study/personality';
import { EXPLANATION_LABEL } from './validation';
import type { FlowQuestion } from './types';

type AnswerValue = QuestionAnswer['value'];

function keyOf(selection: QuestionSelection): string {
  return typeof selection === 'string' ? selection : selection.value;
}

/** The option keys chosen in a multi answer (nothing for a value of another shape). */
export function selectedKeys(value: AnswerValue | undefined): string[] {
  return Array.isArray(value) ? (value as readonly QuestionSelection[]).map(keyOf) : [];
}

/** The explanation given with one selection of a multi answer ('' when there is none). */
export function selectionExplanation(value: AnswerValue | undefined, key: string): string {
  if (!Array.isArray(value)) return '';
  const selection = (value as readonly QuestionSelection[]).find((candidate) => keyOf(candidate) === key);
  return selection !== undefined && typeof selection !== 'string' ? (selection.extValue ?? '') : '';
}

/**
 * A multi answer with one option checked or unchecked. Options that need an explanation are kept
 * as {value, extValue} (the explanation starts empty); selections stay in option order.
 */
export function toggleSelection(question: FlowQuestion, value: AnswerValue | undefined, key: string, checked: boolean): QuestionSelection[] {
  const current = Array.isArray(value) ? (value as readonly QuestionSelection[]) : [];
  const kept = current.filter((selection) => keyOf(selection) !== key);
  const option = question.options.find((candidate) => candidate.key === key);
  const added: QuestionSelection[] =
    checked && option !== undefined ? [option.extValue === undefined ? key : { value: key, extValue: selectionExplanation(value, key) }] : [];
  const order = (selection: QuestionSelection) => {
    const position = question.options.findIndex((candidate) => candidate.key === keyOf(selection));
    return position === -1 ? question.options.length : position;
  };
  return [...kept, ...added].sort((a, b) => order(a) - order(b));
}

/** A multi answer with the explanation of one selection replaced. */
export function explainSelection(value: AnswerValue | undefined, key: string, text: string): QuestionSelection[] {
  const current = Array.isArray(value) ? (value as readonly QuestionSelection[]) : [];
  return current.map((selection) => (keyOf(selection) === key ? { value: key, extValue: text } : selection));
}

/** The label of the explanation field for an option (its extValue, or 'Please explain'). */
export function explanationLabel(extValue: string | undefined): string {
  return extValue !== undefined && extValue.trim() !== '' ? extValue : EXPLANATION_LABEL;
}

/** An answer as the review table shows it: option prompts rather than keys, with explanations. */
export function describeAnswer(question: FlowQuestion, answer: QuestionAnswer | undefined): string {
  if (answer === undefined) return 'Not answered';
  const promptOf = (key: string) => question.options.find((option) => option.key === key)?.prompt ?? key;
  const withExplanation = (text: string, explanation: string | undefined) =>
    explanation !== undefined && explanation.trim() !== '' ? `${text}: ${explanation.trim()}` : text;
  const { value } = answer;
  if (Array.isArray(value)) {
    const parts = (value as readonly QuestionSelection[]).map((selection) =>
      typeof selection === 'string' ? promptOf(selection) : withExplanation(promptOf(selection.value), selection.extValue),
    );
    return parts.length === 0 ? 'Not answered' : parts.join('; ');
  }
  const text = value as string;
  if (text.trim() === '') return 'Not answered';
  return question.questionType === 'text' ? text : withExplanation(promptOf(text), answer.extValue);
}
