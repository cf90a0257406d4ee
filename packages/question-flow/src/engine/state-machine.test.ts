import { SELF_ASSESSMENT_QUESTIONS, type QuestionAnswer } from '@study/personality';
import { QuestionFlowError } from './errors';
import { SAMPLE_ANSWERS, SAMPLE_QUESTIONS, sampleState } from './sample-questions.fixture';
import {
  canGoNext,
  canGoPrevious,
  canSave,
  createQuestionFlowReducer,
  currentQuestion,
  flowView,
  progressOf,
  reduceQuestionFlow,
  answerTo,
  type QuestionFlowAction,
} from './state-machine';
import type { FlowQuestion, QuestionFlowState } from './types';

const reduce = (state: QuestionFlowState, action: QuestionFlowAction) => reduceQuestionFlow(SAMPLE_QUESTIONS, state, action);
const answersUpTo = (count: number): QuestionAnswer[] => SAMPLE_ANSWERS.slice(0, count);
const LAST = SAMPLE_QUESTIONS.length - 1;

describe('flowView', () => {
  test.each([
    ['pending', 'question'],
    ['in-progress', 'question'],
    ['reviewing', 'review'],
    ['saving', 'review'],
    ['completed', 'done'],
    ['rejected', 'done'],
    ['part-one', 'done'],
  ])('%s shows %s', (status, view) => {
    expect(flowView(sampleState({ status }))).toBe(view);
  });
});

describe('Next', () => {
  test.each<[string, QuestionFlowState, boolean]>([
    ['first question unanswered', sampleState(), false],
    ['first question answered invalidly', sampleState({ answers: [{ id: 'code', value: 'ABC' }] }), false],
    ['first question answered', sampleState({ answers: answersUpTo(1) }), true],
    ['second question: only the first answered', sampleState({ index: 1, answers: answersUpTo(1) }), false],
    ['second question answered', sampleState({ index: 1, answers: answersUpTo(2) }), true],
    ['explanation missing', sampleState({ index: 3, answers: [{ id: 'colour', value: 'else' }] }), false],
    ['last question answered', sampleState({ index: LAST, answers: answersUpTo(6) }), true],
    ['in-progress counts as pending', sampleState({ status: 'in-progress', answers: answersUpTo(1) }), true],
    ['reviewing', sampleState({ status: 'reviewing', index: LAST, answers: answersUpTo(6) }), false],
    ['completed', sampleState({ status: 'completed', answers: answersUpTo(6) }), false],
  ])('%s -> enabled %s', (_case, state, enabled) => {
    expect(canGoNext(state, SAMPLE_QUESTIONS)).toBe(enabled);
    const next = reduce(state, { type: 'next' });
    if (enabled) expect(next).not.toBe(state);
    else expect(next).toBe(state);
  });

  test('moves to the next question and stays pending', () => {
    expect(reduce(sampleState({ index: 1, answers: answersUpTo(2) }), { type: 'next' })).toEqual(sampleState({ index: 2, answers: answersUpTo(2) }));
  });

  test('after the last question the status becomes reviewing', () => {
    const next = reduce(sampleState({ index: LAST, answers: answersUpTo(6) }), { type: 'next' });
    expect(next).toMatchObject({ status: 'reviewing', index: LAST });
    expect(flowView(next)).toBe('review');
  });

  test('walking through every question with valid answers ends in the review', () => {
    let state = sampleState();
    for (const answer of SAMPLE_ANSWERS) {
      state = reduce(state, { type: 'answer', value: answer.value, extValue: answer.extValue });
      state = reduce(state, { type: 'next' });
    }
    expect(state).toEqual(sampleState({ status: 'reviewing', index: LAST, answers: [...SAMPLE_ANSWERS] }));
  });
});

describe('Previous', () => {
  test.each<[string, QuestionFlowState, QuestionFlowState | 'unchanged']>([
    ['first question: disabled', sampleState(), 'unchanged'],
    ['third question: back to the second', sampleState({ index: 2, answers: answersUpTo(2) }), sampleState({ index: 1, answers: answersUpTo(2) })],
    [
      'in-progress: back and pending',
      sampleState({ status: 'in-progress', index: 2 }),
      sampleState({ status: 'pending', index: 1 }),
    ],
    [
      'from the review: back to the last question, pending',
      sampleState({ status: 'reviewing', index: LAST, answers: answersUpTo(6) }),
      sampleState({ status: 'pending', index: LAST, answers: answersUpTo(6) }),
    ],
    ['completed: nothing to go back to', sampleState({ status: 'completed', index: LAST }), 'unchanged'],
  ])('%s', (_case, state, expected) => {
    const next = reduce(state, { type: 'previous' });
    expect(canGoPrevious(state)).toBe(expected !== 'unchanged');
    if (expected === 'unchanged') expect(next).toBe(state);
    else expect(next).toEqual(expected);
  });
});

describe('answering', () => {
  test('text is transformed (upper-cased) before it is stored', () => {
    const next = reduce(sampleState(), { type: 'answer', value: ' abcd ' });
    expect(next.answers).toEqual([{ id: 'code', value: 'ABCD' }]);
    expect(canGoNext(next, SAMPLE_QUESTIONS)).toBe(true);
  });

  test('the self-assessment type is upper-cased and checked against the 16 codes', () => {
    const state = { id: 'selfAssessment', status: 'pending', index: 0, answers: [] };
    const typed = reduceQuestionFlow(SELF_ASSESSMENT_QUESTIONS, state, { type: 'answer', value: 'infp' });
    expect(typed.answers).toEqual([{ id: 'personalityType', value: 'INFP' }]);
    expect(canGoNext(typed, SELF_ASSESSMENT_QUESTIONS)).toBe(true);
    const wrong = reduceQuestionFlow(SELF_ASSESSMENT_QUESTIONS, state, { type: 'answer', value: 'infx' });
    expect(wrong.answers).toEqual([{ id: 'personalityType', value: 'INFX' }]);
    expect(canGoNext(wrong, SELF_ASSESSMENT_QUESTIONS)).toBe(false);
  });

  test('text without a transform is stored as typed', () => {
    expect(reduce(sampleState({ index: 4 }), { type: 'answer', value: ' Hello ' }).answers).toEqual([{ id: 'word', value: ' Hello ' }]);
  });

  test('replaces the earlier answer and keeps answers in question order', () => {
    const state = sampleState({ index: 2, answers: [{ id: 7, value: 'A' }, { id: 'sure', value: 'low' }, { id: 'code', value: 'ABCD' }] });
    expect(reduce(state, { type: 'answer', value: 'high' }).answers).toEqual([
      { id: 'code', value: 'ABCD' },
      { id: 'sure', value: 'high' },
      { id: 7, value: 'A' },
    ]);
  });

  test('drops answers to questions the survey does not have', () => {
    const state = sampleState({ answers: [{ id: 'gone', value: 'x' }] });
    expect(reduce(state, { type: 'answer', value: 'ABCD' }).answers).toEqual([{ id: 'code', value: 'ABCD' }]);
  });

  test.each<[string, string, string | undefined, QuestionAnswer]>([
    ['an explained option keeps its text', 'else', 'Teal', { id: 'colour', value: 'else', extValue: 'Teal' }],
    ['a plain option drops it', 'red', 'Teal', { id: 'colour', value: 'red' }],
    ['an explained option without text yet', 'else', undefined, { id: 'colour', value: 'else' }],
  ])('single: %s', (_case, value, extValue, stored) => {
    expect(reduce(sampleState({ index: 3 }), { type: 'answer', value, extValue }).answers).toEqual([stored]);
  });

  test('a numbered question keeps its numeric id', () => {
    expect(reduce(sampleState({ index: 5 }), { type: 'answer', value: 'B' }).answers).toEqual([{ id: 7, value: 'B' }]);
  });

  test('answering sets in-progress back to pending and keeps other fields', () => {
    const state = { ...sampleState({ status: 'in-progress' }), typeCode: 'INTJ' };
    expect(reduce(state, { type: 'answer', value: 'ABCD' })).toEqual({ ...state, status: 'pending', answers: [{ id: 'code', value: 'ABCD' }] });
  });

  test.each([['reviewing'], ['saving'], ['completed']])('no answering while %s', (status) => {
    const state = sampleState({ status, index: LAST, answers: answersUpTo(6) });
    expect(reduce(state, { type: 'answer', value: 'B' })).toBe(state);
  });
});

describe('review, Edit and Save', () => {
  const complete = sampleState({ status: 'reviewing', index: LAST, answers: answersUpTo(6) });

  test.each<[string, QuestionAnswer[], boolean]>([
    ['all answered', answersUpTo(6), true],
    ['one missing', answersUpTo(5), false],
    ['one invalid', [...answersUpTo(5), { id: 7, value: 'C' }], false],
    ['an extra answer', [...answersUpTo(6), { id: 'extra', value: 'x' }], false],
  ])('Save with %s -> enabled %s', (_case, answers, enabled) => {
    const state = { ...complete, answers };
    expect(canSave(state, SAMPLE_QUESTIONS)).toBe(enabled);
    const next = reduce(state, { type: 'save' });
    if (enabled) expect(next).toEqual({ ...state, status: 'saving' });
    else expect(next).toBe(state);
  });

  test('Save from a question (not the review) does nothing', () => {
    const state = { ...complete, status: 'pending' };
    expect(reduce(state, { type: 'save' })).toBe(state);
  });

  test('a restored saving state can be saved again', () => {
    const state = { ...complete, status: 'saving' };
    expect(reduce(state, { type: 'save' })).toEqual(state);
  });

  test.each<[string, string | undefined, string]>([
    ['completed by default', undefined, 'completed'],
    ['the supplied next status', 'part-one', 'part-one'],
  ])('saved -> %s', (_case, nextStatus, status) => {
    const saving = reduce(complete, { type: 'save' });
    expect(reduce(saving, { type: 'saved', nextStatus })).toEqual({ ...complete, status });
  });

  test('a failed save returns to reviewing', () => {
    const saving = reduce(complete, { type: 'save' });
    expect(reduce(saving, { type: 'saveFailed' })).toEqual(complete);
  });

  test.each<[QuestionFlowAction]>([[{ type: 'saved' }], [{ type: 'saveFailed' }]])('%j only applies while saving', (action) => {
    expect(reduce(complete, action)).toBe(complete);
  });

  test('Edit goes back to a question, pending', () => {
    expect(reduce(complete, { type: 'edit', index: 2 })).toEqual({ ...complete, status: 'pending', index: 2 });
  });

  test.each([[-1], [6]])('Edit of question index %i throws QUESTION_MISSING', (index) => {
    expect(() => reduce(complete, { type: 'edit', index })).toThrow(expect.objectContaining({ code: 'QUESTION_MISSING' }));
  });

  test.each<[string, QuestionFlowState, boolean]>([
    ['every answer valid', { ...complete, status: 'pending', index: 2 }, true],
    ['an answer missing', sampleState({ index: 2, answers: answersUpTo(5) }), false],
  ])('straight back to the review with %s -> %s', (_case, state, allowed) => {
    const next = reduce(state, { type: 'review' });
    if (allowed) expect(next).toEqual({ ...state, status: 'reviewing', index: LAST });
    else expect(next).toBe(state);
  });
});

describe('progress', () => {
  test.each<[string, QuestionFlowState, { answered: number; total: number; position: number; percent: number }]>([
    ['start', sampleState(), { answered: 0, total: 6, position: 1, percent: 0 }],
    ['resumed at index 3', sampleState({ index: 3, answers: answersUpTo(3) }), { answered: 3, total: 6, position: 4, percent: 50 }],
    ['an invalid answer does not count', sampleState({ index: 1, answers: [{ id: 'code', value: 'nope' }] }), { answered: 0, total: 6, position: 2, percent: 0 }],
    ['reviewing', sampleState({ status: 'reviewing', index: LAST, answers: answersUpTo(6) }), { answered: 6, total: 6, position: 6, percent: 100 }],
  ])('%s', (_case, state, progress) => {
    expect(progressOf(state, SAMPLE_QUESTIONS)).toEqual(progress);
  });
});

describe('resuming', () => {
  test('a state with index 3 asks the fourth question', () => {
    const state = sampleState({ index: 3, answers: answersUpTo(3) });
    expect(currentQuestion(state, SAMPLE_QUESTIONS).id).toBe('colour');
    expect(progressOf(state, SAMPLE_QUESTIONS).position).toBe(4);
  });
});

describe('broken flows raise typed errors', () => {
  const slider = { id: 'x', text: 'Slide', questionType: 'slider', options: [] } as unknown as FlowQuestion;

  test.each<[string, () => unknown, string]>([
    ['unknown question type', () => reduceQuestionFlow([...SAMPLE_QUESTIONS, slider], sampleState(), { type: 'next' }), 'UNKNOWN_QUESTION_TYPE'],
    ['unknown type in the reducer factory', () => createQuestionFlowReducer([slider]), 'UNKNOWN_QUESTION_TYPE'],
    ['no questions', () => reduceQuestionFlow([], sampleState(), { type: 'next' }), 'QUESTION_MISSING'],
    ['index past the last question', () => reduce(sampleState({ index: 6 }), { type: 'next' }), 'QUESTION_MISSING'],
    ['answering at an index with no question', () => reduce(sampleState({ index: 9 }), { type: 'answer', value: 'A' }), 'QUESTION_MISSING'],
    ['current question at a negative index', () => currentQuestion(sampleState({ index: -1 }), SAMPLE_QUESTIONS), 'QUESTION_MISSING'],
    ['the answer to an unknown question id', () => answerTo(sampleState(), SAMPLE_QUESTIONS, 'nope'), 'QUESTION_MISSING'],
    ['empty survey id', () => reduce(sampleState({ id: '' }), { type: 'next' }), 'SURVEY_ID_MISSING'],
    ['no survey id', () => reduce({ status: 'pending', index: 0, answers: [] } as unknown as QuestionFlowState, { type: 'next' }), 'SURVEY_ID_MISSING'],
  ])('%s -> %s', (_case, run, code) => {
    expect(run).toThrow(QuestionFlowError);
    expect(run).toThrow(expect.objectContaining({ code }));
  });
});

describe('createQuestionFlowReducer', () => {
  test('works as a (state, action) reducer', () => {
    const reducer = createQuestionFlowReducer(SAMPLE_QUESTIONS);
    const answered = reducer(sampleState(), { type: 'answer', value: 'wxyz' });
    expect(reducer(answered, { type: 'next' })).toEqual(sampleState({ index: 1, answers: [{ id: 'code', value: 'WXYZ' }] }));
  });
});
