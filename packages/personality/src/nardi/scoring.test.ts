import { TYPE_CODES, type TypeCode } from '../catalogue/codes';
import { PersonalityError } from '../errors';
import { NARDI_ITEMS, type NardiChoice } from './items';
import {
  SAMPLE_ANSWERS,
  SAMPLE_CHOICES,
  SAMPLE_DICHOT_PREF,
  SAMPLE_FUNCTIONAL_PAIRS,
  SAMPLE_INTERACTION_STYLES,
  SAMPLE_PERCENTS,
  SAMPLE_TEMPERAMENTS,
  SAMPLE_TYPE_CODES,
  SAMPLE_TYPE_TABLE,
} from './sample-answers.fixture';
import { dichotomyPercent, scoreNardi, scoreTypes, validateNardiAnswers } from './scoring';

const allAnswers = (value: NardiChoice) => NARDI_ITEMS.map(({ id }) => ({ id, value }));

describe('the sample answer set', () => {
  test.each(SAMPLE_CHOICES.map((row) => [...row]))('item %i answered %s chooses the %s pole', (id, answer, pole) => {
    expect(NARDI_ITEMS[id - 1]?.[answer].pole).toBe(pole);
  });

  const typeScores = scoreTypes(SAMPLE_ANSWERS);
  test.each(SAMPLE_TYPE_TABLE.map((row) => [...row]))(
    '%s = %i + %i + %i + %i + %i + %i = %i (rank %i)',
    (code, ei, sn, tf, jp, cp, di, score, _rank) => {
      expect(ei + sn + tf + jp + cp + di).toBe(score);
      expect(typeScores[code as TypeCode]).toBe(score);
    },
  );

  const scores = scoreNardi(SAMPLE_ANSWERS);

  test('typeCodes: the 16 types ranked by score desc then code, with competition ranks', () => {
    expect(scores.typeCodes).toEqual(SAMPLE_TYPE_CODES);
  });

  test('type scores add up to 25 x 8 = 200', () => {
    expect(scores.typeCodes.reduce((sum, entry) => sum + entry.score, 0)).toBe(200);
  });

  test.each(Object.entries(SAMPLE_DICHOT_PREF))('dichotomy %s = %i', (letter, score) => {
    expect(scores.dichotPref[letter as keyof typeof SAMPLE_DICHOT_PREF]).toBe(score);
  });

  test.each(Object.entries(SAMPLE_PERCENTS))('dichotomy %s percent = %i', (letter, percent) => {
    expect(dichotomyPercent(scores.dichotPref[letter as keyof typeof SAMPLE_PERCENTS])).toBe(percent);
  });

  test.each([
    ['E', 'I'],
    ['S', 'N'],
    ['T', 'F'],
    ['J', 'P'],
  ] as const)('%s + %s = 200', (first, second) => {
    expect(scores.dichotPref[first] + scores.dichotPref[second]).toBe(200);
  });

  test('temperaments ranked', () => {
    expect(scores.temperaments).toEqual(SAMPLE_TEMPERAMENTS);
  });

  test('functional pairs ranked', () => {
    expect(scores.functionalPairs).toEqual(SAMPLE_FUNCTIONAL_PAIRS);
  });

  test('interaction styles', () => {
    expect(scores.interactionStyles).toEqual(SAMPLE_INTERACTION_STYLES);
  });

  test('the answer order does not matter', () => {
    expect(scoreNardi([...SAMPLE_ANSWERS].reverse())).toEqual(scores);
  });
});

describe('ties: every answer A', () => {
  // A poles: E/I 3 E + 3 I, S/N 3 + 3, T/F 2 + 2, J/P 2 + 2, cooperative 2 (items 7, 23) and
  // pragmatic 1 (15), directing 1 (9) and informing 1 (20). So SJ and NF types score
  // 3 + 3 + 2 + 2 + 2 + 1 = 13, SP and NT types 3 + 3 + 2 + 2 + 1 + 1 = 12.
  const scores = scoreNardi(allAnswers('A'));
  const cooperative = ['ENFJ', 'ENFP', 'ESFJ', 'ESTJ', 'INFJ', 'INFP', 'ISFJ', 'ISTJ'];
  const pragmatic = ['ENTJ', 'ENTP', 'ESFP', 'ESTP', 'INTJ', 'INTP', 'ISFP', 'ISTP'];

  test('8 types tie at 13 with rank 1, 8 at 12 with rank 9, codes ascending within a tie', () => {
    expect(scores.typeCodes).toEqual([
      ...cooperative.map((code) => ({ code, score: 13, rank: 1 })),
      ...pragmatic.map((code) => ({ code, score: 12, rank: 9 })),
    ]);
  });

  test('temperaments 1, 1, 3, 3', () => {
    expect(scores.temperaments).toEqual([
      { code: 'NF', score: 52, rank: 1 },
      { code: 'SJ', score: 52, rank: 1 },
      { code: 'NT', score: 48, rank: 3 },
      { code: 'SP', score: 48, rank: 3 },
    ]);
  });

  test('functional pairs 1, 1, 1, 1, 5, 5, 5, 5', () => {
    expect(scores.functionalPairs).toEqual([
      { code: 'NFJ', score: 26, rank: 1 },
      { code: 'NFP', score: 26, rank: 1 },
      { code: 'SFJ', score: 26, rank: 1 },
      { code: 'STJ', score: 26, rank: 1 },
      { code: 'NTJ', score: 24, rank: 5 },
      { code: 'NTP', score: 24, rank: 5 },
      { code: 'SFP', score: 24, rank: 5 },
      { code: 'STP', score: 24, rank: 5 },
    ]);
  });

  test('dichotomies: T/F and J/P lean with the cooperative items, the others split evenly', () => {
    // T = ESTJ + ISTJ (13 each) + six T types at 12 = 98; J = six cooperative J types at 13 + ENTJ + INTJ = 102.
    expect(scores.dichotPref).toEqual({ E: 100, I: 100, S: 100, N: 100, T: 98, F: 102, J: 102, P: 98 });
  });

  test('interaction styles all 50 (two 13s and two 12s each)', () => {
    expect(scores.interactionStyles).toEqual({ inCharge: 50, chartCourse: 50, getGoing: 50, behindScenes: 50 });
  });
});

describe('every answer B', () => {
  // B poles mirror A: cooperative 1, pragmatic 2, so SP and NT types score 13, SJ and NF 12.
  test.each([
    ['ESTP', 13],
    ['INTJ', 13],
    ['ISFJ', 12],
    ['ENFP', 12],
  ])('%s scores %i', (code, score) => {
    expect(scoreTypes(allAnswers('B'))[code as TypeCode]).toBe(score);
  });
});

describe('dichotomyPercent rounds half the score', () => {
  test.each([
    [200, 100],
    [116, 58],
    [93, 47],
    [107, 54],
    [1, 1],
    [0, 0],
  ])('%i -> %i', (score, percent) => {
    expect(dichotomyPercent(score)).toBe(percent);
  });
});

describe('invalid answers', () => {
  const without = (id: number) => SAMPLE_ANSWERS.filter((answer) => answer.id !== id);
  test.each<[string, unknown, RegExp]>([
    ['not a list', { 1: 'A' }, /must be a list of 25 answers/],
    ['no answers', [], /no answers for questions 1, 2, 3, .*, 25\./],
    ['one missing', without(7), /no answer for question 7\./],
    ['two missing', without(3).filter((answer) => answer.id !== 25), /no answers for questions 3, 25\./],
    ['an extra id 26', [...SAMPLE_ANSWERS, { id: 26, value: 'A' }], /id 26 is not a question id \(1 to 25\)/],
    ['id 0', [...without(1), { id: 0, value: 'A' }], /id 0 is not a question id/],
    ['a string id', [...without(1), { id: '1', value: 'A' }], /id '1' is not a question id/],
    ['a fractional id', [...without(1), { id: 1.5, value: 'A' }], /id 1.5 is not a question id/],
    ['a duplicate id', [...SAMPLE_ANSWERS, { id: 4, value: 'A' }], /question 4 is answered more than once/],
    ['a lower-case value', [...without(5), { id: 5, value: 'a' }], /question 5 has the answer 'a' \(expected 'A' or 'B'\)/],
    ['a value C', [...without(5), { id: 5, value: 'C' }], /question 5 has the answer 'C'/],
    ['a missing value', [...without(5), { id: 5 }], /question 5 has the answer undefined/],
    ['a list value', [...without(5), { id: 5, value: ['A'] }], /question 5 has the answer \["A"\]/],
    ['a null entry', [...without(5), null], /entry 25 is not an answer/],
  ])('%s', (_case, answers, message) => {
    const run = () => validateNardiAnswers(answers);
    expect(run).toThrow(PersonalityError);
    expect(run).toThrow(expect.objectContaining({ code: 'NARDI_ANSWERS_INVALID' }));
    expect(run).toThrow(message);
  });

  test('a bad value is not also reported as missing, and every problem is named', () => {
    const answers = [...SAMPLE_ANSWERS.filter((answer) => answer.id > 2), { id: 1, value: 'X' }, { id: 30, value: 'A' }];
    expect(() => validateNardiAnswers(answers)).toThrow(
      "Nardi part one answers are invalid: question 1 has the answer 'X' (expected 'A' or 'B'); id 30 is not a question id (1 to 25); no answer for question 2.",
    );
  });

  test('scoreNardi validates too', () => {
    expect(() => scoreNardi(SAMPLE_ANSWERS.slice(1))).toThrow(expect.objectContaining({ code: 'NARDI_ANSWERS_INVALID' }));
  });

  test('every type code is scored', () => {
    expect(Object.keys(scoreTypes(SAMPLE_ANSWERS)).sort()).toEqual([...TYPE_CODES].sort());
  });
});
