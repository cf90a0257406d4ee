import { type SurveyInput, type SurveyState } from '@study/contracts';
import { isValidAnswer, type FlowQuestion } from '@study/question-flow';
import { SELF_ASSESSMENT_QUESTIONS } from '@study/personality';

const QUESTIONS: readonly FlowQuestion[] = SELF_ASSESSMENT_QUESTIONS;

/** Statuses of a self-assessment still being answered, which the server keeps as progress. */
const ANSWERING = new Set(['pending', 'in-progress', 'reviewing']);

function validAnswers(state: SurveyState): SurveyState['answers'] {
  return state.answers.filter((answer) => {
    const question = QUESTIONS.find((candidate) => candidate.id === answer.id);
    return question !== undefined && isValidAnswer(question, answer);
  });
}

/**
 * The progress worth keeping on the server while the participant answers (so the dashboard,
 * which loads the server's state, still knows where they are): the step they are on and the
 * answers that are valid so far. Null for any other status (saving, completed, rejected).
 */
export function progressInput(state: SurveyState): SurveyInput | null {
  if (state.id !== 'selfAssessment' || !ANSWERING.has(state.status)) return null;
  return { id: 'selfAssessment', status: state.status === 'in-progress' ? 'pending' : state.status, index: state.index, answers: validAnswers(state) };
}

/** The type the participant chose, upper-cased as the server stores it; undefined before it is valid. */
export function chosenTypeCode(state: Pick<SurveyState, 'answers'>): string | undefined {
  const answer = state.answers.find((candidate) => candidate.id === 'personalityType');
  const question = QUESTIONS.find((candidate) => candidate.id === 'personalityType');
  if (answer === undefined || question === undefined || typeof answer.value !== 'string' || !isValidAnswer(question, answer)) return undefined;
  return answer.value.trim().toUpperCase();
}

/** 'Save': the whole survey, completed, with the type code the server derives from the answers. */
export function completedInput(state: SurveyState): SurveyInput {
  const typeCode = chosenTypeCode(state);
  return { id: 'selfAssessment', status: 'completed', index: state.index, answers: state.answers, ...(typeCode === undefined ? {} : { typeCode }) };
}

/**
 * A completed self-assessment as the client keeps it once saved (as a load would give it): the
 * type code only, the answers being the server's business from then on.
 */
export function completedLocally(state: SurveyState): SurveyState {
  const typeCode = chosenTypeCode(state);
  return { id: 'selfAssessment', status: 'completed', index: 0, answers: [], ...(typeCode === undefined ? {} : { typeCode }) };
}
