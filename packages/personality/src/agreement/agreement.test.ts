import { TYPE_CODES, type TypeCode } from '../catalogue/codes';
import { AgreementTally, cohensKappa, INSTRUMENT_PAIRS, type InstrumentTypes, type PairAgreement } from './agreement';

/**
 * Twelve participants. TypeFinder and Nardi are both in for the first eleven (participant 12's
 * Nardi came out Inconclusive, which is no type); MBTI and self-assessment only for 1 and 2.
 */
const PARTICIPANTS: InstrumentTypes[] = [
  /* 1 */ { typeFinder: 'INTJ', nardi: 'INTJ', mbti: 'INTJ', selfAssessment: 'INTJ' },
  /* 2 */ { typeFinder: 'INTJ', nardi: 'INTP', mbti: 'INTJ', selfAssessment: 'INTP' },
  /* 3 */ { typeFinder: 'ENFP', nardi: 'ENFP' },
  /* 4 */ { typeFinder: 'ENFP', nardi: 'INFP' },
  /* 5 */ { typeFinder: 'ISTJ', nardi: 'ISTJ' },
  /* 6 */ { typeFinder: 'ISTJ', nardi: 'ESTJ' },
  /* 7 */ { typeFinder: 'ESTP', nardi: 'ESTP' },
  /* 8 */ { typeFinder: 'ISFJ', nardi: 'INFJ' },
  /* 9 */ { typeFinder: 'ENTP', nardi: 'ENTP' },
  /* 10 */ { typeFinder: 'INFP', nardi: 'ENFP' },
  /* 11 */ { typeFinder: 'ESFJ', nardi: 'ESFJ' },
  /* 12 */ { typeFinder: 'INTP', nardi: 'Inconclusive' },
];

function tally(): PairAgreement[] {
  const agreement = new AgreementTally();
  for (const participant of PARTICIPANTS) agreement.add(participant);
  return agreement.result();
}

function pair(first: string, second: string): PairAgreement {
  const found = tally().find((entry) => entry.first === first && entry.second === second);
  if (!found) throw new Error(`no pair ${first} / ${second}`);
  return found;
}

function cells(confusion: number[][]): string[] {
  return confusion.flatMap((row, r) => row.flatMap((count, c) => (count === 0 ? [] : [`${TYPE_CODES[r] as TypeCode}>${TYPE_CODES[c] as TypeCode}:${count}`])));
}

// Percentages and kappas are compared to the hand-computed fractions to 10 decimal places.
describe('agreement between TypeFinder and Nardi (hand-computed, n = 11)', () => {
  /*
   * Participants 1-11 (12 has no Nardi type):
   *   TF:    INTJ INTJ ENFP ENFP ISTJ ISTJ ESTP ISFJ ENTP INFP ESFJ
   *   Nardi: INTJ INTP ENFP INFP ISTJ ESTJ ESTP INFJ ENTP ENFP ESFJ
   * Whole type equal for 1, 3, 5, 7, 9, 11: 6 of 11.
   *
   * 2 x 2 tables [TF letter][Nardi letter], first pole first; with row sums r, column sums c,
   * po = (a + d) / n, pe = (r1 c1 + r2 c2) / n^2, kappa = (po - pe) / (1 - pe):
   *   E-I: EE 4 (3,7,9,11) EI 1 (4) IE 2 (6,10) II 4 (1,2,5,8); r = 5,6; c = 6,5
   *        po = 8/11, pe = (30 + 30)/121 = 60/121, kappa = (88 - 60)/(121 - 60) = 28/61
   *   S-N: SS 4 (5,6,7,11) SN 1 (8) NS 0 NN 6; r = 5,6; c = 4,7
   *        po = 10/11, pe = (20 + 42)/121 = 62/121, kappa = (110 - 62)/(121 - 62) = 48/59
   *   T-F: TT 6 TF 0 FT 0 FF 5; r = c = 6,5
   *        po = 11/11, pe = (36 + 25)/121 = 61/121, kappa = (121 - 61)/(121 - 61) = 1
   *   J-P: JJ 5 (1,5,6,8,11) JP 1 (2) PJ 0 PP 5 (3,4,7,9,10); r = 6,5; c = 5,6
   *        po = 10/11, pe = (30 + 30)/121 = 60/121, kappa = (110 - 60)/(121 - 60) = 50/61
   */
  const result = pair('typeFinder', 'nardi');

  it('counts the participants with both types and the whole-type agreement', () => {
    expect(result.n).toBe(11);
    expect(result.wholeType.agreeing).toBe(6);
    expect(result.wholeType.percent).toBeCloseTo((6 / 11) * 100, 10);
  });

  it('gives the per-letter agreement and kappa of the hand-computed table', () => {
    const expected = [
      { dichotomy: 'EI', agreeing: 8, percent: (8 / 11) * 100, kappa: 28 / 61 },
      { dichotomy: 'SN', agreeing: 10, percent: (10 / 11) * 100, kappa: 48 / 59 },
      { dichotomy: 'TF', agreeing: 11, percent: 100, kappa: 1 },
      { dichotomy: 'JP', agreeing: 10, percent: (10 / 11) * 100, kappa: 50 / 61 },
    ];
    expect(result.letters.map(({ dichotomy, agreeing }) => ({ dichotomy, agreeing }))).toEqual(expected.map(({ dichotomy, agreeing }) => ({ dichotomy, agreeing })));
    result.letters.forEach((letter, i) => {
      expect(letter.percent).toBeCloseTo(expected[i]?.percent ?? NaN, 10);
      expect(letter.kappa).toBeCloseTo(expected[i]?.kappa ?? NaN, 10);
    });
  });

  it('puts each participant in the cell of (TypeFinder row, Nardi column)', () => {
    expect(cells(result.confusion).sort()).toEqual(
      ['INTJ>INTJ:1', 'INTJ>INTP:1', 'ENFP>ENFP:1', 'ENFP>INFP:1', 'ISTJ>ISTJ:1', 'ISTJ>ESTJ:1', 'ESTP>ESTP:1', 'ISFJ>INFJ:1', 'ENTP>ENTP:1', 'INFP>ENFP:1', 'ESFJ>ESFJ:1'].sort(),
    );
    expect(result.confusion).toHaveLength(16);
    expect(result.confusion.every((row) => row.length === 16)).toBe(true);
  });
});

describe('agreement between MBTI and self-assessment (hand-computed, n = 2)', () => {
  /*
   *   MBTI: INTJ INTJ; self-assessment: INTJ INTP. Whole type: 1 of 2.
   *   E-I, S-N, T-F: both instruments gave both participants the same letter: pe = 1, kappa null.
   *   J-P: JJ 1 JP 1 PJ 0 PP 0; r = 2,0; c = 1,1; po = 1/2, pe = (2 + 0)/4 = 1/2, kappa = 0.
   */
  const result = pair('mbti', 'selfAssessment');

  it('reports kappa as not defined where pe = 1, and 0 where agreement is what chance gives', () => {
    expect(result.n).toBe(2);
    expect(result.wholeType).toEqual({ agreeing: 1, percent: 50 });
    expect(result.letters).toEqual([
      { dichotomy: 'EI', agreeing: 2, percent: 100, kappa: null },
      { dichotomy: 'SN', agreeing: 2, percent: 100, kappa: null },
      { dichotomy: 'TF', agreeing: 2, percent: 100, kappa: null },
      { dichotomy: 'JP', agreeing: 1, percent: 50, kappa: 0 },
    ]);
    expect(cells(result.confusion)).toEqual(['INTJ>INTJ:1', 'INTJ>INTP:1']);
  });
});

describe('AgreementTally', () => {
  it('reports all six pairs in instrument order, with n only of participants who have both types', () => {
    const result = tally();
    expect(result.map(({ first, second, n }) => `${first}/${second}:${n}`)).toEqual([
      'typeFinder/nardi:11',
      'typeFinder/mbti:2',
      'typeFinder/selfAssessment:2',
      'nardi/mbti:2',
      'nardi/selfAssessment:2',
      'mbti/selfAssessment:2',
    ]);
    expect(INSTRUMENT_PAIRS).toHaveLength(6);
  });

  it('gives no percentages and no kappa for a pair nobody has both of', () => {
    const empty = new AgreementTally().result()[0];
    expect(empty?.n).toBe(0);
    expect(empty?.wholeType).toEqual({ agreeing: 0, percent: null });
    expect(empty?.letters.every((letter) => letter.percent === null && letter.kappa === null)).toBe(true);
  });

  it('gives a negative kappa to agreement below chance', () => {
    // Two raters who always disagree on a balanced letter: po = 0, pe = 1/2, kappa = -1.
    expect(cohensKappa([
      [0, 1],
      [1, 0],
    ])).toBe(-1);
  });
});
