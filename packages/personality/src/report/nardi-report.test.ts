import { PersonalityError } from '../errors';
import { NARDI_ITEMS } from '../nardi/items';
import {
  SAMPLE_DICHOT_PREF,
  SAMPLE_FUNCTIONAL_PAIRS,
  SAMPLE_INTERACTION_STYLES,
  SAMPLE_TEMPERAMENTS,
  SAMPLE_TYPE_CODES,
} from '../nardi/sample-answers.fixture';
import { scoreNardi } from '../nardi/scoring';
import { buildNardiReport, type NardiReportInput } from './nardi-report';

const sample: NardiReportInput = {
  typeCodes: SAMPLE_TYPE_CODES,
  dichotPref: SAMPLE_DICHOT_PREF,
  functionalPairs: SAMPLE_FUNCTIONAL_PAIRS,
  temperaments: SAMPLE_TEMPERAMENTS,
  interactionStyles: SAMPLE_INTERACTION_STYLES,
  selectedTypeCode: 'INTJ',
  selectedFP: 'NTJ',
  consistency: 10,
};

describe('the Nardi report of the sample answers', () => {
  const report = buildNardiReport(sample);

  test('top 3 types with score out of 25', () => {
    expect(report.topTypes).toEqual([
      { code: 'INTJ', title: 'The Independent Designer', score: 19, outOf: 25, rank: 1 },
      { code: 'ENTJ', title: 'The Big-Picture Planner', score: 17, outOf: 25, rank: 2 },
      { code: 'INFJ', title: 'The Thoughtful Visionary', score: 16, outOf: 25, rank: 3 },
    ]);
  });

  test.each([
    ['E/I', 'E', 92, 46, 'I', 108, 54],
    ['S/N', 'S', 84, 42, 'N', 116, 58],
    ['T/F', 'T', 114, 57, 'F', 86, 43],
    ['J/P', 'J', 110, 55, 'P', 90, 45],
  ])('dichotomy %s: %s %i (%i%), %s %i (%i%) out of 200', (label, left, leftScore, leftPercent, right, rightScore, rightPercent) => {
    expect(report.dichotomies.find((row) => row.label === label)).toEqual({
      label,
      left: { letter: left, score: leftScore, percent: leftPercent },
      right: { letter: right, score: rightScore, percent: rightPercent },
      outOf: 200,
    });
  });

  test('dichotomies in the order E/I, S/N, T/F, J/P', () => {
    expect(report.dichotomies.map((row) => row.label)).toEqual(['E/I', 'S/N', 'T/F', 'J/P']);
  });

  test('top 2 functional pairs, the selected one checked', () => {
    expect(report.functionalPairs).toEqual([
      { code: 'NTJ', title: 'Strategic Theorist', score: 36, rank: 1, selected: true },
      { code: 'NFJ', title: 'Insightful Catalyst', score: 30, rank: 2, selected: false },
    ]);
  });

  test('temperaments with rank and score', () => {
    expect(report.temperaments).toEqual([
      { code: 'NT', title: 'NT Theorist', score: 64, rank: 1 },
      { code: 'NF', title: 'NF Catalyst', score: 52, rank: 2 },
      { code: 'SJ', title: 'SJ Stabilizer', score: 44, rank: 3 },
      { code: 'SP', title: 'SP Improviser', score: 40, rank: 4 },
    ]);
  });

  test('interaction styles ranked by score with display names', () => {
    expect(report.interactionStyles).toEqual([
      { code: 'chartCourse', name: 'Chart-the-Course', score: 62, rank: 1 },
      { code: 'inCharge', name: 'In-Charge', score: 54, rank: 2 },
      { code: 'behindScenes', name: 'Behind-the-Scenes', score: 46, rank: 3 },
      { code: 'getGoing', name: 'Get-Things-Going', score: 38, rank: 4 },
    ]);
  });

  test('favourite snapshot and consistency', () => {
    expect(report.favourite).toEqual({
      typeCode: 'INTJ',
      typeName: 'The Independent Designer',
      temperamentCode: 'NT',
      temperament: 'NT Theorist',
      interactionStyleCode: 'chartCourse',
      interactionStyle: 'Chart-the-Course',
    });
    expect(report.consistency).toEqual({ score: 10, outOf: 10 });
  });
});

describe('selections', () => {
  test.each([
    ['NTJ', 'INTJ', [true, false], 'NT Theorist', 'Chart-the-Course'],
    ['NFJ', 'ENFJ', [false, true], 'NF Catalyst', 'In-Charge'],
    ['STJ', 'ESTJ', [false, false], 'SJ Stabilizer', 'In-Charge'],
    ['SFP', 'ESFP', [false, false], 'SP Improviser', 'Get-Things-Going'],
    ['NFP', 'INFP', [false, false], 'NF Catalyst', 'Behind-the-Scenes'],
  ])('pair %s, type %s -> checks %j, %s, %s', (selectedFP, selectedTypeCode, checks, temperament, style) => {
    const report = buildNardiReport({ ...sample, selectedFP, selectedTypeCode });
    expect(report.functionalPairs.map((row) => row.selected)).toEqual(checks);
    expect(report.favourite).toMatchObject({ typeCode: selectedTypeCode, temperament, interactionStyle: style });
  });

  test('stored lists in any order are ranked again', () => {
    const shuffled = { ...sample, typeCodes: [...SAMPLE_TYPE_CODES].reverse().map(({ code, score }) => ({ code, score })) };
    expect(buildNardiReport(shuffled)).toEqual(buildNardiReport(sample));
  });
});

describe('ties (every answer A)', () => {
  const scores = scoreNardi(NARDI_ITEMS.map(({ id }) => ({ id, value: 'A' })));
  const report = buildNardiReport({ ...scores, selectedTypeCode: 'ENFJ', selectedFP: 'NFJ', consistency: 10 });

  test('top 3 types share rank 1, codes ascending', () => {
    expect(report.topTypes.map(({ code, score, rank }) => [code, score, rank])).toEqual([
      ['ENFJ', 13, 1],
      ['ENFP', 13, 1],
      ['ESFJ', 13, 1],
    ]);
  });

  test('interaction styles all tied at 50, rank 1', () => {
    expect(report.interactionStyles.map(({ code, rank }) => `${code}:${rank}`)).toEqual(['behindScenes:1', 'chartCourse:1', 'getGoing:1', 'inCharge:1']);
  });

  test('T/F 98/102 gives 49% and 51%', () => {
    expect(report.dichotomies[2]).toEqual({ label: 'T/F', left: { letter: 'T', score: 98, percent: 49 }, right: { letter: 'F', score: 102, percent: 51 }, outOf: 200 });
  });
});

describe('report errors', () => {
  test.each(['E', 'I', 'S', 'N', 'T', 'F', 'J', 'P'])('a 0 dichotomous preference %s', (letter) => {
    const run = () => buildNardiReport({ ...sample, dichotPref: { ...SAMPLE_DICHOT_PREF, [letter]: 0 } });
    expect(run).toThrow(PersonalityError);
    expect(run).toThrow(expect.objectContaining({ code: 'ZERO_DICHOTOMY' }));
    expect(run).toThrow(`The Nardi dichotomous preference ${letter} is 0, so the stored scores are corrupt.`);
  });

  test.each<[string, Partial<NardiReportInput>, string, RegExp]>([
    ['an unknown type code', { typeCodes: [...SAMPLE_TYPE_CODES.slice(1), { code: 'INTX', score: 19 }] }, 'UNKNOWN_CODE', /Unknown type code 'INTX'/],
    ['an unknown temperament', { temperaments: [...SAMPLE_TEMPERAMENTS.slice(1), { code: 'NX', score: 64 }] }, 'UNKNOWN_CODE', /Unknown temperament 'NX'/],
    ['an unknown functional pair', { functionalPairs: [...SAMPLE_FUNCTIONAL_PAIRS.slice(1), { code: 'NTX', score: 36 }] }, 'UNKNOWN_CODE', /Unknown functional pair 'NTX'/],
    ['an unknown interaction style', { interactionStyles: { ...SAMPLE_INTERACTION_STYLES, leader: 3 } }, 'UNKNOWN_CODE', /Unknown interaction style 'leader'/],
    ['an unknown selected type', { selectedTypeCode: 'Inconclusive' }, 'UNKNOWN_CODE', /Unknown type code 'Inconclusive'/],
    ['an unknown selected pair', { selectedFP: 'ntj' }, 'UNKNOWN_CODE', /Unknown functional pair 'ntj'/],
    ['a missing interaction style', { interactionStyles: { inCharge: 54, chartCourse: 62, getGoing: 38 } }, 'NARDI_SCORES_INVALID', /interaction style scores must list each of the 4 codes/],
    ['15 type scores', { typeCodes: SAMPLE_TYPE_CODES.slice(0, 15) }, 'NARDI_SCORES_INVALID', /type scores must list each of the 16 codes exactly once/],
    ['a missing dichotomy letter', { dichotPref: { E: 92, I: 108, S: 84, N: 116, T: 114, F: 86, J: 110 } }, 'NARDI_SCORES_INVALID', /preference P is not a number/],
    ['a text dichotomy score', { dichotPref: { ...SAMPLE_DICHOT_PREF, S: '84' } }, 'NARDI_SCORES_INVALID', /preference S is not a number/],
    ['a consistency above 10', { consistency: 11 }, 'NARDI_SCORES_INVALID', /consistency must be a whole number from 0 to 10/],
    ['a fractional consistency', { consistency: 2.5 }, 'NARDI_SCORES_INVALID', /consistency must be a whole number/],
    ['no consistency', { consistency: undefined }, 'NARDI_SCORES_INVALID', /consistency must be a whole number/],
  ])('%s', (_case, change, code, message) => {
    const run = () => buildNardiReport({ ...sample, ...change });
    expect(run).toThrow(PersonalityError);
    expect(run).toThrow(expect.objectContaining({ code }));
    expect(run).toThrow(message);
  });
});
