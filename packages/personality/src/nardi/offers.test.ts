import { PersonalityError } from '../errors';
import { NARDI_ITEMS } from './items';
import { partFourOffers, partThreeOffers, partTwoOffers, requireOffered } from './offers';
import { SAMPLE_FUNCTIONAL_PAIRS, SAMPLE_TEMPERAMENTS, SAMPLE_TYPE_CODES } from './sample-answers.fixture';
import { scoreNardi } from './scoring';

const rankedType = (code: string) => SAMPLE_TYPE_CODES.find((entry) => entry.code === code);
const rankedPair = (code: string) => SAMPLE_FUNCTIONAL_PAIRS.find((entry) => entry.code === code);
const allA = scoreNardi(NARDI_ITEMS.map(({ id }) => ({ id, value: 'A' })));

describe('part two offers the 4 temperaments in ranked order', () => {
  test('sample answers', () => {
    expect(partTwoOffers(SAMPLE_TEMPERAMENTS)).toEqual(SAMPLE_TEMPERAMENTS);
  });

  test('re-ranks a stored list in any order and ignores stored ranks', () => {
    const shuffled = [SAMPLE_TEMPERAMENTS[3], SAMPLE_TEMPERAMENTS[1], SAMPLE_TEMPERAMENTS[0], SAMPLE_TEMPERAMENTS[2]].map(({ code, score }) => ({
      code,
      score,
      rank: 99,
    }));
    expect(partTwoOffers(shuffled)).toEqual(SAMPLE_TEMPERAMENTS);
  });

  test('ties (all A): NF and SJ share rank 1', () => {
    expect(partTwoOffers(allA.temperaments).map(({ code, rank }) => `${code}${rank}`)).toEqual(['NF1', 'SJ1', 'NT3', 'SP3']);
  });
});

describe('part three offers the two pairs of the chosen temperament, ranked', () => {
  test.each([
    ['NT', ['NTJ', 'NTP']],
    ['NF', ['NFJ', 'NFP']],
    ['SJ', ['STJ', 'SFJ']],
    ['SP', ['STP', 'SFP']],
  ])('sample answers, %s -> %j', (temperament, pairs) => {
    expect(partThreeOffers(SAMPLE_FUNCTIONAL_PAIRS, temperament)).toEqual(pairs.map(rankedPair));
  });

  test.each([
    ['NF', ['NFJ1', 'NFP1']],
    ['SP', ['SFP5', 'STP5']],
  ])('ties (all A), %s -> codes ascending within the tie %j', (temperament, expected) => {
    expect(partThreeOffers(allA.functionalPairs, temperament).map(({ code, rank }) => `${code}${rank}`)).toEqual(expected);
  });
});

describe('part four offers the chosen pair ranked, then the better other type of the temperament', () => {
  test.each([
    ['NTJ', ['INTJ', 'ENTJ', 'INTP']],
    ['NTP', ['INTP', 'ENTP', 'INTJ']],
    ['NFJ', ['INFJ', 'ENFJ', 'INFP']],
    ['NFP', ['INFP', 'ENFP', 'INFJ']],
    ['STJ', ['ISTJ', 'ESTJ', 'ISFJ']],
    ['SFJ', ['ISFJ', 'ESFJ', 'ISTJ']],
    ['STP', ['ISTP', 'ESTP', 'ISFP']],
    ['SFP', ['ISFP', 'ESFP', 'ISTP']],
  ])('sample answers, %s -> %j', (pair, types) => {
    expect(partFourOffers(SAMPLE_TYPE_CODES, pair)).toEqual(types.map(rankedType));
  });

  test.each([
    ['NFJ', ['ENFJ1', 'INFJ1', 'ENFP1']],
    ['STJ', ['ESTJ1', 'ISTJ1', 'ESFJ1']],
    ['NTP', ['ENTP9', 'INTP9', 'ENTJ9']],
  ])('ties (all A), %s -> codes ascending within the tie %j', (pair, expected) => {
    expect(partFourOffers(allA.typeCodes, pair).map(({ code, rank }) => `${code}${rank}`)).toEqual(expected);
  });
});

describe('offer errors', () => {
  const pairsWithout = (code: string) => SAMPLE_FUNCTIONAL_PAIRS.filter((entry) => entry.code !== code);
  const typesWithout = (...codes: string[]) => SAMPLE_TYPE_CODES.filter((entry) => !codes.includes(entry.code));
  test.each<[string, () => unknown, string, RegExp]>([
    ['part two with 3 temperaments', () => partTwoOffers(SAMPLE_TEMPERAMENTS.slice(0, 3)), 'NARDI_OFFER_INVALID', /exactly 4 distinct temperaments .*found 3 \(NT, NF, SJ\)/],
    ['part two with a duplicate', () => partTwoOffers([...SAMPLE_TEMPERAMENTS.slice(0, 3), SAMPLE_TEMPERAMENTS[0]]), 'NARDI_OFFER_INVALID', /exactly 4 distinct temperaments/],
    ['part two with 5 temperaments', () => partTwoOffers([...SAMPLE_TEMPERAMENTS, SAMPLE_TEMPERAMENTS[3]]), 'NARDI_OFFER_INVALID', /found 5/],
    ['part two with an unknown code', () => partTwoOffers([...SAMPLE_TEMPERAMENTS.slice(0, 3), { code: 'XY', score: 1 }]), 'UNKNOWN_CODE', /Unknown temperament 'XY'/],
    ['part two with a text score', () => partTwoOffers([{ code: 'SP', score: '40' }]), 'NARDI_SCORES_INVALID', /score of SP is not a number/],
    ['part two with a negative score', () => partTwoOffers([{ code: 'SP', score: -1 }]), 'NARDI_SCORES_INVALID', /score of SP is not a number/],
    ['part two with no list', () => partTwoOffers(null as never), 'NARDI_SCORES_INVALID', /temperament scores must be a list/],
    ['part three with one pair of NT', () => partThreeOffers(pairsWithout('NTP'), 'NT'), 'NARDI_OFFER_INVALID', /exactly 2 distinct functional pairs of NT .*found 1 \(NTJ\)/],
    ['part three with no pair of SP', () => partThreeOffers(pairsWithout('STP').filter((e) => e.code !== 'SFP'), 'SP'), 'NARDI_OFFER_INVALID', /found 0 \(none\)/],
    ['part three with NTJ twice', () => partThreeOffers([...SAMPLE_FUNCTIONAL_PAIRS, rankedPair('NTJ')!], 'NT'), 'NARDI_OFFER_INVALID', /found 3/],
    ['part three with NTJ in place of NTP', () => partThreeOffers([...pairsWithout('NTP'), rankedPair('NTJ')!], 'NT'), 'NARDI_OFFER_INVALID', /exactly 2 distinct/],
    ['part three with an unknown temperament', () => partThreeOffers(SAMPLE_FUNCTIONAL_PAIRS, 'XX'), 'UNKNOWN_CODE', /Unknown temperament 'XX'/],
    ['part three with an unknown pair', () => partThreeOffers([{ code: 'NXP', score: 3 }], 'NT'), 'UNKNOWN_CODE', /Unknown functional pair 'NXP'/],
    ['part four without INTJ', () => partFourOffers(typesWithout('INTJ'), 'NTJ'), 'NARDI_OFFER_INVALID', /exactly 2 distinct types of NTJ .*found 1 \(ENTJ\)/],
    ['part four without the other NT types', () => partFourOffers(typesWithout('ENTP', 'INTP'), 'NTJ'), 'NARDI_OFFER_INVALID', /exactly 2 distinct other NT types .*found 0/],
    ['part four with one other NT type', () => partFourOffers(typesWithout('ENTP'), 'NTJ'), 'NARDI_OFFER_INVALID', /other NT types .*found 1 \(INTP\)/],
    ['part four with ENTJ twice', () => partFourOffers([...SAMPLE_TYPE_CODES, rankedType('ENTJ')!], 'NTJ'), 'NARDI_OFFER_INVALID', /types of NTJ .*found 3/],
    ['part four with an unknown pair', () => partFourOffers(SAMPLE_TYPE_CODES, 'NTX'), 'UNKNOWN_CODE', /Unknown functional pair 'NTX'/],
    ['part four with an unknown type', () => partFourOffers([...SAMPLE_TYPE_CODES, { code: 'XNTJ', score: 1 }], 'NTJ'), 'UNKNOWN_CODE', /Unknown type code 'XNTJ'/],
  ])('%s', (_case, run, code, message) => {
    expect(run).toThrow(PersonalityError);
    expect(run).toThrow(expect.objectContaining({ code }));
    expect(run).toThrow(message);
  });
});

describe('requireOffered', () => {
  const offer = partFourOffers(SAMPLE_TYPE_CODES, 'NTJ');
  test.each(['INTJ', 'ENTJ', 'INTP'])('%s was offered', (code) => {
    expect(requireOffered(offer, code, 'part four')).toBe(code);
  });
  test.each(['ENTP', 'intj', undefined])('%s was not offered', (code) => {
    expect(() => requireOffered(offer, code, 'part four')).toThrow(
      expect.objectContaining({ code: 'NARDI_SELECTION_INVALID', message: expect.stringContaining('the choices were INTJ, ENTJ, INTP') }),
    );
  });
});
