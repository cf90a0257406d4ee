import { PersonalityError } from '../errors';
import {
  completeNardi,
  functionalPairConsistencyPoints,
  nardiConsistency,
  temperamentConsistencyPoints,
  typeConsistencyPoints,
} from './consistency';
import { NARDI_ITEMS } from './items';
import { SAMPLE_FUNCTIONAL_PAIRS, SAMPLE_TEMPERAMENTS, SAMPLE_TYPE_CODES } from './sample-answers.fixture';
import { scoreNardi } from './scoring';

const sample = { typeCodes: SAMPLE_TYPE_CODES, functionalPairs: SAMPLE_FUNCTIONAL_PAIRS, temperaments: SAMPLE_TEMPERAMENTS };
const allA = scoreNardi(NARDI_ITEMS.map(({ id }) => ({ id, value: 'A' })));

describe('points by rank', () => {
  test.each([
    [1, 3, 3, 4],
    [2, 2, 2, 3],
    [3, 1, 1, 2],
    [4, 0, 1, 1],
    [5, 0, 0, 1],
    [6, 0, 0, 0],
    [8, 0, 0, 0],
    [16, 0, 0, 0],
  ])('rank %i: temperament %i, functional pair %i, type %i', (rank, temperament, pair, type) => {
    expect(temperamentConsistencyPoints(rank)).toBe(temperament);
    expect(functionalPairConsistencyPoints(rank)).toBe(pair);
    expect(typeConsistencyPoints(rank)).toBe(type);
  });
});

describe('consistency of the sample answers (ranks from the sample table)', () => {
  test.each([
    // temperament (rank) + pair (rank) + type (rank)
    ['NT', 'NTJ', 'INTJ', 10], // 3 (1) + 3 (1) + 4 (1)
    ['NT', 'NTJ', 'ENTJ', 9], // 3 (1) + 3 (1) + 3 (2)
    ['NT', 'NTJ', 'INTP', 7], // 3 (1) + 3 (1) + 1 (4)
    ['NT', 'NTP', 'INTJ', 8], // 3 (1) + 1 (3) + 4 (1)
    ['NT', 'NTP', 'INTP', 5], // 3 (1) + 1 (3) + 1 (4)
    ['NT', 'NTP', 'ENTP', 4], // 3 (1) + 1 (3) + 0 (7)
    ['NF', 'NFJ', 'INFJ', 6], // 2 (2) + 2 (2) + 2 (3)
    ['NF', 'NFJ', 'ENFJ', 5], // 2 (2) + 2 (2) + 1 (5, tied with ISTJ)
    ['NF', 'NFP', 'INFP', 2], // 2 (2) + 0 (6) + 0 (9)
    ['SJ', 'STJ', 'ISTJ', 3], // 1 (3) + 1 (4) + 1 (5, tied with ENFJ)
    ['SJ', 'SFJ', 'ISFJ', 1], // 1 (3) + 0 (7) + 0 (12)
    ['SP', 'STP', 'ISTP', 0], // 0 (4) + 0 (5) + 0 (7)
    ['SP', 'SFP', 'ISTP', 0], // 0 (4) + 0 (8) + 0 (7)
  ])('%s, %s, %s -> %i', (selectedTemperament, selectedFP, selectedTypeCode, expected) => {
    expect(nardiConsistency(sample, { selectedTemperament, selectedFP, selectedTypeCode })).toBe(expected);
  });

  test('completeNardi returns the chosen type as the Nardi typeCode', () => {
    expect(completeNardi(sample, { selectedTemperament: 'NF', selectedFP: 'NFJ', selectedTypeCode: 'ENFJ' })).toEqual({
      typeCode: 'ENFJ',
      selectedTemperament: 'NF',
      selectedFP: 'NFJ',
      consistency: 5,
    });
  });
});

describe('ties use the shared (better) competition rank', () => {
  // All A: NF = SJ rank 1, NT = SP rank 3; four pairs rank 1, four rank 5; 8 types rank 1, 8 rank 9.
  test.each([
    ['NF', 'NFP', 'INFP', 10], // 3 + 3 + 4: every choice tied for first
    ['SJ', 'SFJ', 'ESFJ', 10],
    ['SJ', 'STJ', 'ESFJ', 10], // the other SJ type offered third (ESFJ before ISFJ in the tie) is still rank 1
    ['NT', 'NTJ', 'INTJ', 1], // 1 (3) + 0 (5) + 0 (9)
    ['SP', 'STP', 'ESTP', 1],
  ])('%s, %s, %s -> %i', (selectedTemperament, selectedFP, selectedTypeCode, expected) => {
    expect(nardiConsistency(allA, { selectedTemperament, selectedFP, selectedTypeCode })).toBe(expected);
  });
});

describe('consistency errors', () => {
  test.each<[string, object, { selectedTemperament: unknown; selectedFP: unknown; selectedTypeCode: unknown }, string, RegExp]>([
    ['a pair of another temperament', sample, { selectedTemperament: 'NT', selectedFP: 'NFJ', selectedTypeCode: 'INFJ' }, 'NARDI_SELECTION_INVALID', /part three choice 'NFJ' was not offered; the choices were NTJ, NTP/],
    ['a type that was not offered', sample, { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'ENTP' }, 'NARDI_SELECTION_INVALID', /part four choice 'ENTP' was not offered; the choices were INTJ, ENTJ, INTP/],
    ['an unknown temperament', sample, { selectedTemperament: 'XX', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }, 'UNKNOWN_CODE', /Unknown temperament 'XX'/],
    ['an unknown pair', sample, { selectedTemperament: 'NT', selectedFP: 'ntj', selectedTypeCode: 'INTJ' }, 'UNKNOWN_CODE', /Unknown functional pair 'ntj'/],
    ['an unknown type', sample, { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTX' }, 'UNKNOWN_CODE', /Unknown type code 'INTX'/],
    ['a missing selection', sample, { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: undefined }, 'UNKNOWN_CODE', /Unknown type code undefined/],
    ['15 type scores', { ...sample, typeCodes: SAMPLE_TYPE_CODES.slice(1) }, { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'ENTJ' }, 'NARDI_SCORES_INVALID', /each of the 16 codes exactly once \(got 15 entries, 15 distinct\)/],
    ['a duplicated pair', { ...sample, functionalPairs: [...SAMPLE_FUNCTIONAL_PAIRS.slice(1), SAMPLE_FUNCTIONAL_PAIRS[1]] }, { selectedTemperament: 'NT', selectedFP: 'NTP', selectedTypeCode: 'INTP' }, 'NARDI_SCORES_INVALID', /each of the 8 codes exactly once \(got 8 entries, 7 distinct\)/],
    ['3 temperaments', { ...sample, temperaments: SAMPLE_TEMPERAMENTS.slice(0, 3) }, { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }, 'NARDI_SCORES_INVALID', /each of the 4 codes exactly once/],
  ])('%s', (_case, rankings, selections, code, message) => {
    const run = () => nardiConsistency(rankings as typeof sample, selections);
    expect(run).toThrow(PersonalityError);
    expect(run).toThrow(expect.objectContaining({ code }));
    expect(run).toThrow(message);
  });
});
