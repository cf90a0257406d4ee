import { SELF_ASSESSMENT_QUESTIONS, type QuestionAnswer } from '@study/personality';
import { QuestionFlowError } from './errors';
import { findQuestion } from './questions';
import { SAMPLE_ANSWERS, SAMPLE_QUESTIONS } from './sample-questions.fixture';
import type { FlowQuestion } from './types';
import { answerProblem, areAllAnswersValid, isValidAnswer, validationMessage, VALIDATION_MESSAGES } from './validation';

const sample = (id: string | number) => findQuestion(SAMPLE_QUESTIONS, id);
const selfAssessment = (id: string) => findQuestion(SELF_ASSESSMENT_QUESTIONS, id);

describe('the tooltips of product.md section 5', () => {
  test.each([
    ['text', 'Must enter a valid answer'],
    ['single', 'Must make a selection'],
    ['multi', 'Must make a selection'],
  ])('%s questions: %s', (questionType, message) => {
    const question = SAMPLE_QUESTIONS.find((candidate) => candidate.questionType === questionType)!;
    expect(validationMessage(question)).toBe(message);
  });

  test('the constants', () => {
    expect(VALIDATION_MESSAGES).toEqual({ selection: 'Must make a selection', text: 'Must enter a valid answer' });
  });
});

describe('answerProblem: each rule and its tooltip', () => {
  test.each<[string, string | number, QuestionAnswer | undefined, string | null]>([
    // Single: the answer must be an option key.
    ['single: an option key', 'sure', { id: 'sure', value: 'high' }, null],
    ['single: no answer', 'sure', undefined, 'Must make a selection'],
    ['single: empty', 'sure', { id: 'sure', value: '' }, 'Must make a selection'],
    ['single: not an option key', 'sure', { id: 'sure', value: 'medium' }, 'Must make a selection'],
    ['single: a list', 'sure', { id: 'sure', value: ['high'] }, 'Must make a selection'],
    ['single: the prompt instead of the key', 'sure', { id: 'sure', value: 'Very' }, 'Must make a selection'],
    // Single: an option with extValue needs a non-empty explanation.
    ['single: explained option with text', 'colour', { id: 'colour', value: 'else', extValue: 'Teal' }, null],
    ['single: explained option without text', 'colour', { id: 'colour', value: 'else' }, 'Must make a selection'],
    ['single: explained option with blank text', 'colour', { id: 'colour', value: 'else', extValue: '   ' }, 'Must make a selection'],
    ['single: a plain option needs no text', 'colour', { id: 'colour', value: 'red' }, null],
    ['single: numbered item', 7, { id: 7, value: 'B' }, null],
    ['single: numbered item, not A or B', 7, { id: 7, value: 'C' }, 'Must make a selection'],
    // Multi: at least one selection, every key valid, explanations where needed.
    ['multi: one key', 'sources', { id: 'sources', value: ['book'] }, null],
    ['multi: two keys', 'sources', { id: 'sources', value: ['book', 'test'] }, null],
    ['multi: a key as an object', 'sources', { id: 'sources', value: [{ value: 'test' }] }, null],
    ['multi: explained option with text', 'sources', { id: 'sources', value: [{ value: 'other', extValue: 'A friend' }] }, null],
    ['multi: nothing selected', 'sources', { id: 'sources', value: [] }, 'Must make a selection'],
    ['multi: no answer', 'sources', undefined, 'Must make a selection'],
    ['multi: an unknown key', 'sources', { id: 'sources', value: ['book', 'film'] }, 'Must make a selection'],
    ['multi: a string, not a list', 'sources', { id: 'sources', value: 'book' }, 'Must make a selection'],
    ['multi: explained option as a bare key', 'sources', { id: 'sources', value: ['other'] }, 'Must make a selection'],
    ['multi: explained option with empty text', 'sources', { id: 'sources', value: [{ value: 'other', extValue: '' }] }, 'Must make a selection'],
    ['multi: explained option with blank text', 'sources', { id: 'sources', value: ['book', { value: 'other', extValue: ' ' }] }, 'Must make a selection'],
    // Text: non-empty; with a values list the upper-cased text must be in it.
    ['text: a listed value', 'code', { id: 'code', value: 'ABCD' }, null],
    ['text: a listed value in lower case', 'code', { id: 'code', value: 'abcd' }, null],
    ['text: not in the list', 'code', { id: 'code', value: 'ABCX' }, 'Must enter a valid answer'],
    ['text: a prefix of a listed value', 'code', { id: 'code', value: 'ABC' }, 'Must enter a valid answer'],
    ['text: empty', 'code', { id: 'code', value: '' }, 'Must enter a valid answer'],
    ['text: blank', 'code', { id: 'code', value: '   ' }, 'Must enter a valid answer'],
    ['text: no answer', 'code', undefined, 'Must enter a valid answer'],
    ['text: a list', 'code', { id: 'code', value: ['ABCD'] }, 'Must enter a valid answer'],
    // Text without a values list: any non-empty text, then the question's validator.
    ['text: free text passing its validator', 'word', { id: 'word', value: 'hello' }, null],
    ['text: free text failing its validator', 'word', { id: 'word', value: 'hi' }, 'Must enter a valid answer'],
    ['text: free text empty', 'word', { id: 'word', value: '' }, 'Must enter a valid answer'],
  ])('%s', (_rule, id, answer, problem) => {
    expect(answerProblem(sample(id), answer)).toBe(problem);
    expect(isValidAnswer(sample(id), answer)).toBe(problem === null);
  });
});

describe('the self-assessment questions', () => {
  test.each<[string, QuestionAnswer, string | null]>([
    ['personalityType', { id: 'personalityType', value: 'INFP' }, null],
    ['personalityType', { id: 'personalityType', value: 'infp' }, null],
    ['personalityType', { id: 'personalityType', value: 'INFX' }, 'Must enter a valid answer'],
    ['typeSource', { id: 'typeSource', value: ['MBTI', { value: 'Other', extValue: 'A coach' }] }, null],
    ['typeSource', { id: 'typeSource', value: ['Other'] }, 'Must make a selection'],
    ['confidence', { id: 'confidence', value: '< 80%' }, null],
    ['confidence', { id: 'confidence', value: '75%' }, 'Must make a selection'],
    ['experience', { id: 'experience', value: 'Published' }, null],
  ])('%s %j -> %s', (id, answer, problem) => {
    expect(answerProblem(selfAssessment(id), answer)).toBe(problem);
  });
});

describe('areAllAnswersValid (Save)', () => {
  test.each<[string, QuestionAnswer[], boolean]>([
    ['every question answered validly', [...SAMPLE_ANSWERS], true],
    ['in another order', [...SAMPLE_ANSWERS].reverse(), true],
    ['one answer missing', SAMPLE_ANSWERS.slice(1), false],
    ['one answer invalid', [...SAMPLE_ANSWERS.slice(0, 5), { id: 7, value: 'C' }], false],
    ['an answer too many', [...SAMPLE_ANSWERS, { id: 'extra', value: 'x' }], false],
    ['a duplicate in place of another', [...SAMPLE_ANSWERS.slice(0, 5), SAMPLE_ANSWERS[0]!], false],
    ['a numbered item answered under a string id', [...SAMPLE_ANSWERS.slice(0, 5), { id: '7', value: 'A' }], false],
    ['no answers', [], false],
  ])('%s -> %s', (_case, answers, expected) => {
    expect(areAllAnswersValid(SAMPLE_QUESTIONS, answers)).toBe(expected);
  });
});

describe('broken definitions', () => {
  const slider = { id: 'x', text: 'Slide', questionType: 'slider', options: [] } as unknown as FlowQuestion;

  test.each([
    ['validationMessage', () => validationMessage(slider)],
    ['isValidAnswer', () => isValidAnswer(slider, { id: 'x', value: '1' })],
    ['areAllAnswersValid', () => areAllAnswersValid([...SAMPLE_QUESTIONS, slider], [])],
  ])('%s throws UNKNOWN_QUESTION_TYPE for an unknown type', (_name, run) => {
    expect(run).toThrow(QuestionFlowError);
    expect(run).toThrow(expect.objectContaining({ code: 'UNKNOWN_QUESTION_TYPE', message: "Unknown question type 'slider' for question 'x'." }));
  });

  test('no questions at all is a missing question', () => {
    expect(() => areAllAnswersValid([], [])).toThrow(expect.objectContaining({ code: 'QUESTION_MISSING' }));
  });

  test('two questions with one id', () => {
    expect(() => areAllAnswersValid([SAMPLE_QUESTIONS[0]!, SAMPLE_QUESTIONS[0]!], [])).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_QUESTION_ID' }),
    );
  });
});
