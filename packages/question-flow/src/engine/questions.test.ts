import { SELF_ASSESSMENT_QUESTIONS, TYPE_CODES } from '@study/personality';
import { isQuestionFlowError, QuestionFlowError } from './errors';
import { findQuestion, questionAt, suggestionsFor } from './questions';
import { SAMPLE_QUESTIONS } from './sample-questions.fixture';

describe('finding questions', () => {
  test.each([
    [0, 'code'],
    [5, 7],
  ])('questionAt(%i) is %j', (index, id) => {
    expect(questionAt(SAMPLE_QUESTIONS, index).id).toBe(id);
  });

  test.each([[-1], [6], [1.5], [Number.NaN]])('questionAt(%d) throws QUESTION_MISSING', (index) => {
    expect(() => questionAt(SAMPLE_QUESTIONS, index)).toThrow(expect.objectContaining({ code: 'QUESTION_MISSING' }));
  });

  test.each([['colour'], [7]])('findQuestion(%j)', (id) => {
    expect(findQuestion(SAMPLE_QUESTIONS, id).id).toBe(id);
  });

  test.each([['nope'], ['7']])('findQuestion(%j) throws QUESTION_MISSING', (id) => {
    let thrown: unknown;
    try {
      findQuestion(SAMPLE_QUESTIONS, id);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(QuestionFlowError);
    expect(isQuestionFlowError(thrown) && thrown.code).toBe('QUESTION_MISSING');
    expect(isQuestionFlowError(thrown) && thrown.name).toBe('QuestionFlowError');
  });
});

describe('suggestionsFor: the values list narrowed by the filter', () => {
  test.each<[string, string[]]>([
    ['', ['ABCD', 'ABCE', 'WXYZ']],
    ['ab', ['ABCD', 'ABCE']],
    ['abcd', ['ABCD']],
    ['w', ['WXYZ']],
    ['q', []],
  ])('sample code, typed %j', (typed, expected) => {
    expect(suggestionsFor(findQuestion(SAMPLE_QUESTIONS, 'code'), typed)).toEqual(expected);
  });

  test('personality type, typed "EN"', () => {
    expect(suggestionsFor(findQuestion(SELF_ASSESSMENT_QUESTIONS, 'personalityType'), 'EN')).toEqual(['ENTJ', 'ENTP', 'ENFJ', 'ENFP']);
  });

  test('a values list without a filter is suggested whole', () => {
    const question = { ...findQuestion(SELF_ASSESSMENT_QUESTIONS, 'personalityType'), filter: undefined };
    expect(suggestionsFor(question, 'EN')).toEqual(TYPE_CODES);
  });

  test('a question without a values list suggests nothing', () => {
    expect(suggestionsFor(findQuestion(SAMPLE_QUESTIONS, 'word'), 'he')).toEqual([]);
  });
});
