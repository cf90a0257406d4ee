import { nardiReportSchema } from '@study/contracts';
import { AppError } from '@study/service-kit';
import {
  SAMPLE_DICHOT_PREF,
  SAMPLE_FUNCTIONAL_PAIRS,
  SAMPLE_INTERACTION_STYLES,
  SAMPLE_TEMPERAMENTS,
  SAMPLE_TYPE_CODES,
} from '@study/personality/testing';
import type { NardiScoresView } from '@study/contracts';
import { codedScores, type NardiResultRecord } from '../../data-access/reports-collection';
import { buildReportFromResult, nardiReportView } from './nardi-report-view';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const AT = new Date('2025-03-01T10:00:00.000Z');
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const SCORES = copy({
  typeCodes: SAMPLE_TYPE_CODES,
  functionalPairs: SAMPLE_FUNCTIONAL_PAIRS,
  temperaments: SAMPLE_TEMPERAMENTS,
  dichotPref: SAMPLE_DICHOT_PREF,
  interactionStyles: SAMPLE_INTERACTION_STYLES,
}) as unknown as NardiScoresView;
const RESULT: NardiResultRecord = { typeCode: 'INFJ', consistency: 6, selectedTemperament: 'NF', selectedFP: 'NFJ', completedAt: AT, scores: SCORES };

describe('the Nardi report view', () => {
  it('answers the pgId, the status and the report of product.md section 2', () => {
    const view = nardiReportView(PG_ID, buildReportFromResult(RESULT), AT);
    expect(nardiReportSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ pgId: PG_ID, status: 'completed', generatedAt: AT.toISOString() });
    expect(view.topTypes).toEqual([
      { code: 'INTJ', title: 'The Independent Designer', score: 19, outOf: 25, rank: 1 },
      { code: 'ENTJ', title: 'The Big-Picture Planner', score: 17, outOf: 25, rank: 2 },
      { code: 'INFJ', title: 'The Thoughtful Visionary', score: 16, outOf: 25, rank: 3 },
    ]);
    expect(view.dichotomies[0]).toEqual({ label: 'E/I', left: { letter: 'E', score: 92, percent: 46 }, right: { letter: 'I', score: 108, percent: 54 }, outOf: 200 });
    // The top 2 pairs; the one chosen in part three (NFJ) is marked.
    expect(view.functionalPairs.map(({ code, selected }) => [code, selected])).toEqual([
      ['NTJ', false],
      ['NFJ', true],
    ]);
    expect(view.temperaments.map(({ title, rank, score }) => [title, rank, score])).toEqual([
      ['NT Theorist', 1, 64],
      ['NF Catalyst', 2, 52],
      ['SJ Stabilizer', 3, 44],
      ['SP Improviser', 4, 40],
    ]);
    expect(view.interactionStyles.map(({ name, rank }) => [name, rank])).toEqual([
      ['Chart-the-Course', 1],
      ['In-Charge', 2],
      ['Behind-the-Scenes', 3],
      ['Get-Things-Going', 4],
    ]);
    expect(view.favourite).toEqual({
      typeCode: 'INFJ',
      typeName: 'The Thoughtful Visionary',
      temperamentCode: 'NF',
      temperament: 'NF Catalyst',
      interactionStyleCode: 'chartCourse',
      interactionStyle: 'Chart-the-Course',
    });
    expect(view.consistency).toEqual({ score: 6, outOf: 10 });
  });

  it('builds the same report from scores kept as JSON text (as this release stores them) and as an object (as earlier ones did)', () => {
    expect(buildReportFromResult({ ...RESULT, scores: codedScores(SCORES) })).toEqual(buildReportFromResult(RESULT));
  });

  it.each<[string, NardiResultRecord, string, RegExp]>([
    ['a dichotomy of 0', { ...RESULT, scores: { ...SCORES, dichotPref: { ...SCORES.dichotPref, E: 0 } } }, 'ZERO_DICHOTOMY', /dichotomous preference E is 0/],
    ['an unknown type code', { ...RESULT, scores: { ...SCORES, typeCodes: [...SCORES.typeCodes.slice(1), { code: 'XXXX' as never, score: 19, rank: 1 }] } }, 'UNKNOWN_CODE', /Unknown type code 'XXXX'/],
    ['an unknown interaction style', { ...RESULT, scores: { ...SCORES, interactionStyles: { ...SCORES.interactionStyles, bossy: 3 } as never } }, 'UNKNOWN_CODE', /Unknown interaction style 'bossy'/],
    ['an unknown chosen pair', { ...RESULT, selectedFP: 'QQQ' }, 'UNKNOWN_CODE', /Unknown functional pair 'QQQ'/],
    ['no scores at all', { ...RESULT, scores: undefined }, 'NARDI_SCORES_INVALID', /arrived without its scores/],
  ])('refuses %s with a 422 naming the problem', (_case, result, code, message) => {
    let thrown: unknown;
    try {
      buildReportFromResult(result);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ status: 422, code });
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).toMatch(/^Your Nardi report cannot be made/);
  });
});
