import { TYPE_CODES } from '../catalogue/codes';
import { PersonalityError } from '../errors';
import { CONFIDENCE_LEVELS, EXPERIENCE_LEVELS, SELF_ASSESSMENT_QUESTIONS, TYPE_SOURCES, type QuestionAnswer, type QuestionDefinition } from './questions';
import { areAnswersComplete, isAnswerValid, selfAssessmentResult } from './validation';

const question = (id: string): QuestionDefinition => {
  const found = SELF_ASSESSMENT_QUESTIONS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no question ${id}`);
  return found;
};

describe('self-assessment question definitions', () => {
  test('four questions in order', () => {
    expect(SELF_ASSESSMENT_QUESTIONS.map(({ id, questionType }) => [id, questionType])).toEqual([
      ['personalityType', 'text'],
      ['typeSource', 'multi'],
      ['confidence', 'single'],
      ['experience', 'single'],
    ]);
  });

  test.each([
    ['typeSource', TYPE_SOURCES, ['MBTI', 'Alternate', 'Read', 'Other']],
    ['confidence', CONFIDENCE_LEVELS, ['< 80%', '80%', '85%', '90%', '95%', '100%']],
    ['experience', EXPERIENCE_LEVELS, ['Beginner', '> 5yrs', 'MBTI Cert', 'MBTI > 5yrs', 'MBTI > 10yrs', 'Published']],
  ])('%s option keys', (id, constant, keys) => {
    expect(question(id).options.map((option) => option.key)).toEqual(keys);
    expect([...constant]).toEqual(keys);
    for (const option of question(id).options) expect(option.prompt.trim()).not.toBe('');
  });

  test('only Other asks for an explanation', () => {
    const withExplanation = SELF_ASSESSMENT_QUESTIONS.flatMap((q) => q.options.filter((o) => o.extValue !== undefined).map((o) => `${q.id}.${o.key}`));
    expect(withExplanation).toEqual(['typeSource.Other']);
  });

  test('personalityType accepts the 16 codes and upper-cases what is typed', () => {
    const personalityType = question('personalityType');
    expect(personalityType.values).toEqual(TYPE_CODES);
    expect(personalityType.transform?.(' intj ')).toBe('INTJ');
  });

  test.each([
    ['in', ['INTJ', 'INTP', 'INFJ', 'INFP']],
    ['ENT', ['ENTJ', 'ENTP']],
    ['', [...TYPE_CODES]],
    ['x', []],
  ])('typing %j suggests %j', (typed, suggestions) => {
    const { values, filter } = question('personalityType');
    expect(values?.filter((value) => filter?.(typed, value))).toEqual(suggestions);
  });
});

describe('isAnswerValid', () => {
  test.each<[string, QuestionAnswer | undefined, boolean]>([
    ['personalityType', { id: 'personalityType', value: 'INTJ' }, true],
    ['personalityType', { id: 'personalityType', value: 'intj' }, true],
    ['personalityType', { id: 'personalityType', value: ' enfp ' }, true],
    ['personalityType', { id: 'personalityType', value: 'INTX' }, false],
    ['personalityType', { id: 'personalityType', value: '' }, false],
    ['personalityType', { id: 'personalityType', value: '   ' }, false],
    ['personalityType', { id: 'personalityType', value: ['INTJ'] }, false],
    ['personalityType', undefined, false],
    ['confidence', { id: 'confidence', value: '< 80%' }, true],
    ['confidence', { id: 'confidence', value: '100%' }, true],
    ['confidence', { id: 'confidence', value: '75%' }, false],
    ['confidence', { id: 'confidence', value: '' }, false],
    ['confidence', { id: 'confidence', value: ['80%'] }, false],
    ['experience', { id: 'experience', value: 'MBTI > 10yrs' }, true],
    ['experience', { id: 'experience', value: 'Expert' }, false],
    ['typeSource', { id: 'typeSource', value: ['MBTI'] }, true],
    ['typeSource', { id: 'typeSource', value: ['MBTI', 'Read'] }, true],
    ['typeSource', { id: 'typeSource', value: [{ value: 'Alternate' }] }, true],
    ['typeSource', { id: 'typeSource', value: ['Read', { value: 'Other', extValue: 'A coach typed me' }] }, true],
    ['typeSource', { id: 'typeSource', value: ['Other'] }, false],
    ['typeSource', { id: 'typeSource', value: [{ value: 'Other', extValue: '  ' }] }, false],
    ['typeSource', { id: 'typeSource', value: [{ value: 'Other' }] }, false],
    ['typeSource', { id: 'typeSource', value: [] }, false],
    ['typeSource', { id: 'typeSource', value: ['Guess'] }, false],
    ['typeSource', { id: 'typeSource', value: ['MBTI', 'MBTI'] }, false],
    ['typeSource', { id: 'typeSource', value: 'MBTI' }, false],
  ])('%s %j -> %s', (id, answer, valid) => {
    expect(isAnswerValid(question(id), answer)).toBe(valid);
  });

  const single: QuestionDefinition = {
    id: 'colour',
    text: 'Pick one',
    questionType: 'single',
    options: [
      { key: 'red', prompt: 'Red' },
      { key: 'other', prompt: 'Other', extValue: 'Please explain' },
    ],
  };
  test.each<[QuestionAnswer, boolean]>([
    [{ id: 'colour', value: 'red' }, true],
    [{ id: 'colour', value: 'other', extValue: 'teal' }, true],
    [{ id: 'colour', value: 'other' }, false],
    [{ id: 'colour', value: 'other', extValue: ' ' }, false],
  ])('single with an explanation option: %j -> %s', (answer, valid) => {
    expect(isAnswerValid(single, answer)).toBe(valid);
  });

  test.each<[QuestionAnswer, boolean]>([
    [{ id: 'n', value: 'even' }, true],
    [{ id: 'n', value: 'odd' }, false],
  ])('a question validator applies on top: %j -> %s', (answer, valid) => {
    const withValidator: QuestionDefinition = { id: 'n', text: 'Word', questionType: 'text', options: [], validator: (a) => a.value === 'even' };
    expect(isAnswerValid(withValidator, answer)).toBe(valid);
  });

  test('an unknown question type throws', () => {
    const bad = { id: 'x', text: 'X', questionType: 'slider', options: [] } as unknown as QuestionDefinition;
    const run = () => isAnswerValid(bad, { id: 'x', value: '1' });
    expect(run).toThrow(PersonalityError);
    expect(run).toThrow(expect.objectContaining({ code: 'QUESTION_INVALID', message: "Unknown question type 'slider' for question 'x'." }));
  });
});

const complete: QuestionAnswer[] = [
  { id: 'personalityType', value: 'infp' },
  { id: 'typeSource', value: ['Read'] },
  { id: 'confidence', value: '90%' },
  { id: 'experience', value: 'Beginner' },
];

describe('areAnswersComplete', () => {
  test.each<[string, QuestionAnswer[], boolean]>([
    ['all four valid', complete, true],
    ['in another order', [...complete].reverse(), true],
    ['one missing', complete.slice(1), false],
    ['one invalid', [...complete.slice(0, 3), { id: 'experience', value: 'Guru' }], false],
    ['an extra answer', [...complete, { id: 'extra', value: 'x' }], false],
    ['a duplicate in place of another', [...complete.slice(0, 3), complete[0]!], false],
    ['none', [], false],
  ])('%s -> %s', (_case, answers, expected) => {
    expect(areAnswersComplete(SELF_ASSESSMENT_QUESTIONS, answers)).toBe(expected);
  });
});

describe('selfAssessmentResult', () => {
  test('the upper-cased type and the confidence', () => {
    expect(selfAssessmentResult(complete)).toEqual({ personalityType: 'INFP', confidence: '90%' });
  });

  test('incomplete answers throw', () => {
    expect(() => selfAssessmentResult(complete.slice(0, 3))).toThrow(expect.objectContaining({ code: 'QUESTION_INVALID' }));
  });
});
