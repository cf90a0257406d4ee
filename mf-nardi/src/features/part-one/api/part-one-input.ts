import type { SurveyState } from '@study/contracts';
import { isValidAnswer } from '@study/question-flow';
import type { NardiSurveyInput } from '../../../api/save-nardi-survey';
import { NARDI_QUESTIONS } from '../nardi-questions';

/**
 * The Nardi survey as POST /api/user/survey takes it after part one: only the fields the server
 * accepts (id, status, index, answers), each answer only its question id and the option chosen.
 */
export function partOneInput(state: SurveyState): NardiSurveyInput {
  return {
    id: 'nardi',
    status: state.status,
    index: state.index,
    answers: state.answers.map(({ id, value }) => ({ id, value })),
  };
}

/** Statuses of part one still being answered, which the server keeps as progress. */
const ANSWERING = new Set(['pending', 'in-progress', 'reviewing']);

/**
 * The part-one progress worth keeping on the server while the participant answers (so the
 * dashboard, which loads the server's state, sends them back to the same question): the question
 * they are on and the valid answers so far. 'in-progress' goes as 'pending', the status the
 * dashboard resumes from. Null for any other status (saving, part one saved and later).
 */
export function partOneProgressInput(state: SurveyState): NardiSurveyInput | null {
  if (state.id !== 'nardi' || !ANSWERING.has(state.status)) return null;
  const answers = state.answers.filter((answer) => {
    const question = NARDI_QUESTIONS.find((candidate) => candidate.id === answer.id);
    return question !== undefined && isValidAnswer(question, answer);
  });
  return {
    id: 'nardi',
    status: state.status === 'in-progress' ? 'pending' : state.status,
    index: state.index,
    answers: answers.map(({ id, value }) => ({ id, value })),
  };
}
