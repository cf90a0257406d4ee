import type { SurveyState } from '@study/contracts';
import type { NardiSurveyInput } from '../../nardi-survey';

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
