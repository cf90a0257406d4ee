import { NARDI_ITEMS, NARDI_QUESTION_COUNT } from '@study/personality';
import type { FlowQuestion } from '@study/question-flow';

/** The question every part-one item asks; numbered, so the rows of the review can be told apart. */
export function questionText(id: number): string {
  return `${id}. Which describes you better?`;
}

/** The 25 part-one items (ids 1..25) as single-choice questions with the options A and B. */
export const NARDI_QUESTIONS: readonly FlowQuestion[] = NARDI_ITEMS.map((item) => ({
  id: item.id,
  text: questionText(item.id),
  questionType: 'single',
  options: [
    { key: 'A', prompt: item.A.prompt },
    { key: 'B', prompt: item.B.prompt },
  ],
}));

if (NARDI_QUESTIONS.length !== NARDI_QUESTION_COUNT) {
  throw new Error(`Nardi part one needs ${NARDI_QUESTION_COUNT} questions, found ${NARDI_QUESTIONS.length}.`);
}
