import type { QuestionAnswer } from '@study/personality';
import { QuestionFlowError } from './errors';
import { assertQuestions, findAnswer, findQuestion, questionAt } from './questions';
import { areAllAnswersValid, isValidAnswer } from './validation';
import { FlowStatuses, type FlowProgress, type FlowQuestion, type FlowView, type QuestionFlowState } from './types';

/** What can happen in a flow. Each action that is not allowed in a state leaves the state as it is. */
export type QuestionFlowAction =
  /** Answer the current question. Text is passed through the question's transform. */
  | { type: 'answer'; value: QuestionAnswer['value']; extValue?: string }
  /** To the next question, or to the review after the last one; only when the current answer is valid. */
  | { type: 'next' }
  /** Back one question (from the review: to the last question); status becomes pending. */
  | { type: 'previous' }
  /** To one question (the review's Edit links); status becomes pending. Throws QUESTION_MISSING for a bad index. */
  | { type: 'edit'; index: number }
  /** Straight to the review; only when every answer is valid. */
  | { type: 'review' }
  /** Reviewing -> saving; only when every answer is valid. */
  | { type: 'save' }
  /** Saving -> completed, or the given status (for example Nardi's 'part-one'). */
  | { type: 'saved'; nextStatus?: string }
  /** Saving -> reviewing. */
  | { type: 'saveFailed' };

/** Throws SURVEY_ID_MISSING when the state does not say which survey it is. */
export function assertSurveyState(state: QuestionFlowState): void {
  if (typeof state?.id !== 'string' || state.id.trim() === '') {
    throw new QuestionFlowError('SURVEY_ID_MISSING', 'The survey state has no survey id.');
  }
}

/**
 * What a state shows. 'in-progress' (older clients) counts as pending, and 'saving' counts as
 * reviewing: a state restored after a reload has no save running any more.
 */
export function flowView(state: QuestionFlowState): FlowView {
  switch (state.status) {
    case FlowStatuses.pending:
    case FlowStatuses.inProgress:
      return 'question';
    case FlowStatuses.reviewing:
    case FlowStatuses.saving:
      return 'review';
    default:
      return 'done';
  }
}

/** The question being asked; throws QUESTION_MISSING when the index names none. */
export function currentQuestion(state: QuestionFlowState, questions: readonly FlowQuestion[]): FlowQuestion {
  return questionAt(questions, state.index);
}

export function currentAnswer(state: QuestionFlowState, questions: readonly FlowQuestion[]): QuestionAnswer | undefined {
  return findAnswer(state.answers, currentQuestion(state, questions).id);
}

/** Next is enabled only when the current question has a valid answer. */
export function canGoNext(state: QuestionFlowState, questions: readonly FlowQuestion[]): boolean {
  if (flowView(state) !== 'question') return false;
  const question = currentQuestion(state, questions);
  return isValidAnswer(question, findAnswer(state.answers, question.id));
}

/** Previous is disabled on the first question; from the review it goes back to the last one. */
export function canGoPrevious(state: QuestionFlowState): boolean {
  const view = flowView(state);
  return view === 'review' || (view === 'question' && state.index > 0);
}

/** Save (and the shortcut to the review) need one valid answer per question. */
export function canSave(state: QuestionFlowState, questions: readonly FlowQuestion[]): boolean {
  return flowView(state) !== 'done' && areAllAnswersValid(questions, state.answers);
}

export function progressOf(state: QuestionFlowState, questions: readonly FlowQuestion[]): FlowProgress {
  assertQuestions(questions);
  const total = questions.length;
  const answered = questions.filter((question) => isValidAnswer(question, findAnswer(state.answers, question.id))).length;
  const position = flowView(state) === 'question' ? Math.min(Math.max(state.index, 0), total - 1) + 1 : total;
  return { answered, total, position, percent: Math.floor((answered * 100) / total) };
}

/** The answers with one replaced or added, in question order, without answers to unknown questions. */
function withAnswer(questions: readonly FlowQuestion[], answers: readonly QuestionAnswer[], answer: QuestionAnswer): QuestionAnswer[] {
  return questions.flatMap((question) => {
    if (question.id === answer.id) return [answer];
    const existing = findAnswer(answers, question.id);
    return existing === undefined ? [] : [existing];
  });
}

function answerFor(question: FlowQuestion, value: QuestionAnswer['value'], extValue: string | undefined): QuestionAnswer {
  const stored = question.questionType === 'text' && typeof value === 'string' && question.transform !== undefined ? question.transform(value) : value;
  const answer: QuestionAnswer = { id: question.id, value: stored };
  if (question.questionType === 'single' && extValue !== undefined) {
    // Only an option that asks for an explanation keeps one.
    const option = question.options.find((candidate) => candidate.key === stored);
    if (option?.extValue !== undefined) answer.extValue = extValue;
  }
  return answer;
}

/**
 * The flow's state machine (product.md section 4): pending while moving through the questions
 * (index), reviewing after the last one, saving, then completed or the supplied next status.
 * Returns the same object when an action does not apply, so callers can skip a no-op update.
 * Throws QuestionFlowError for broken definitions or state.
 */
export function reduceQuestionFlow<S extends QuestionFlowState>(questions: readonly FlowQuestion[], state: S, action: QuestionFlowAction): S {
  assertQuestions(questions);
  assertSurveyState(state);
  const view = flowView(state);
  const to = (changes: Partial<QuestionFlowState>): S => ({ ...state, ...changes }) as S;
  const last = questions.length - 1;

  switch (action.type) {
    case 'answer': {
      if (view !== 'question') return state;
      const question = currentQuestion(state, questions);
      return to({ status: FlowStatuses.pending, answers: withAnswer(questions, state.answers, answerFor(question, action.value, action.extValue)) });
    }
    case 'next':
      if (!canGoNext(state, questions)) return state;
      return state.index >= last ? to({ status: FlowStatuses.reviewing, index: last }) : to({ status: FlowStatuses.pending, index: state.index + 1 });
    case 'previous':
      if (view === 'review') return to({ status: FlowStatuses.pending, index: last });
      if (view !== 'question' || state.index <= 0) return state;
      return to({ status: FlowStatuses.pending, index: Math.min(state.index, questions.length) - 1 });
    case 'edit':
      questionAt(questions, action.index);
      if (view === 'done') return state;
      return to({ status: FlowStatuses.pending, index: action.index });
    case 'review':
      if (view !== 'question' || !canSave(state, questions)) return state;
      return to({ status: FlowStatuses.reviewing, index: last });
    case 'save':
      if (view !== 'review' || !canSave(state, questions)) return state;
      return to({ status: FlowStatuses.saving });
    case 'saved':
      if (state.status !== FlowStatuses.saving) return state;
      return to({ status: action.nextStatus ?? FlowStatuses.completed });
    case 'saveFailed':
      if (state.status !== FlowStatuses.saving) return state;
      return to({ status: FlowStatuses.reviewing });
    default: {
      const unknown: never = action;
      throw new Error(`Unknown question-flow action ${JSON.stringify(unknown)}`);
    }
  }
}

/** reduceQuestionFlow bound to one list of questions, in the (state, action) shape of useReducer. */
export function createQuestionFlowReducer(questions: readonly FlowQuestion[]) {
  assertQuestions(questions);
  return <S extends QuestionFlowState>(state: S, action: QuestionFlowAction): S => reduceQuestionFlow(questions, state, action);
}

/** The answer to one question by id; throws QUESTION_MISSING for an id no question has. */
export function answerTo(state: QuestionFlowState, questions: readonly FlowQuestion[], id: string | number): QuestionAnswer | undefined {
  return findAnswer(state.answers, findQuestion(questions, id).id);
}
