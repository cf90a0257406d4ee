import {
  FUNCTIONAL_PAIR_CODES,
  INTERACTION_STYLE_CODES,
  TEMPERAMENT_CODES,
  TYPE_CODES,
  isFunctionalPairCode,
  isInteractionStyleCode,
  isTemperamentCode,
  isTypeCode,
  toTypeCode,
} from './codes';
import { FUNCTIONAL_PAIRS, getFunctionalPair } from './functional-pairs';
import { INTERACTION_STYLES, getInteractionStyle } from './interaction-styles';
import { PERSONALITY_TYPES, SHARE_HASHTAGS, getPersonalityType, shareMessage } from './personality-types';
import { TEMPERAMENTS, getTemperament } from './temperaments';
import { PersonalityError } from '../errors';

describe('type codes', () => {
  test('there are 16 distinct codes, one per combination of the four letters', () => {
    const all = ['E', 'I'].flatMap((a) => ['S', 'N'].flatMap((b) => ['T', 'F'].flatMap((c) => ['J', 'P'].map((d) => a + b + c + d))));
    expect([...TYPE_CODES].sort()).toEqual(all.sort());
  });

  test.each([
    ['INTJ', true],
    ['esfp', false],
    ['INTX', false],
    ['INT', false],
    ['INTJS', false],
    ['Inconclusive', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('isTypeCode(%j) -> %s', (value, expected) => {
    expect(isTypeCode(value)).toBe(expected);
  });

  test.each([
    ['SP', isTemperamentCode, true],
    ['SPX', isTemperamentCode, false],
    ['NFP', isFunctionalPairCode, true],
    ['NFX', isFunctionalPairCode, false],
    ['getGoing', isInteractionStyleCode, true],
    ['getgoing', isInteractionStyleCode, false],
  ])('%s with %p -> %s', (value, guard, expected) => {
    expect(guard(value)).toBe(expected);
  });

  test('toTypeCode names the bad value', () => {
    expect(() => toTypeCode('XXXX')).toThrow(expect.objectContaining({ code: 'UNKNOWN_CODE', message: expect.stringContaining("'XXXX'") }));
  });
});

describe('temperaments', () => {
  test.each([
    ['SP', 'SP Improviser', ['ESTP', 'ISTP', 'ESFP', 'ISFP'], ['SFP', 'STP']],
    ['SJ', 'SJ Stabilizer', ['ESTJ', 'ISTJ', 'ESFJ', 'ISFJ'], ['STJ', 'SFJ']],
    ['NT', 'NT Theorist', ['ENTJ', 'INTJ', 'ENTP', 'INTP'], ['NTJ', 'NTP']],
    ['NF', 'NF Catalyst', ['ENFJ', 'INFJ', 'ENFP', 'INFP'], ['NFJ', 'NFP']],
  ] as const)('%s is %s with 4 types and 2 pairs', (code, title, types, pairs) => {
    const temperament = TEMPERAMENTS[code];
    expect(temperament.title).toBe(title);
    expect([...temperament.types].sort()).toEqual([...types].sort());
    expect([...temperament.functionalPairs].sort()).toEqual([...pairs].sort());
    expect(temperament.description.length).toBeGreaterThan(20);
  });

  test('the 4 temperaments partition the 16 types and the 8 pairs', () => {
    expect(TEMPERAMENT_CODES.flatMap((code) => TEMPERAMENTS[code].types).sort()).toEqual([...TYPE_CODES].sort());
    expect(TEMPERAMENT_CODES.flatMap((code) => TEMPERAMENTS[code].functionalPairs).sort()).toEqual([...FUNCTIONAL_PAIR_CODES].sort());
  });

  test("each temperament's pairs hold exactly its 4 types", () => {
    for (const code of TEMPERAMENT_CODES) {
      const fromPairs = TEMPERAMENTS[code].functionalPairs.flatMap((pair) => FUNCTIONAL_PAIRS[pair].types);
      expect(fromPairs.sort()).toEqual([...TEMPERAMENTS[code].types].sort());
    }
  });
});

describe('functional pairs', () => {
  test.each([
    ['SFP', 'Experiential Improviser', 'SP', ['ESFP', 'ISFP']],
    ['STP', 'Hands-On Improviser', 'SP', ['ESTP', 'ISTP']],
    ['STJ', 'Orderly Stabilizer', 'SJ', ['ESTJ', 'ISTJ']],
    ['SFJ', 'Caring Stabilizer', 'SJ', ['ESFJ', 'ISFJ']],
    ['NTJ', 'Strategic Theorist', 'NT', ['ENTJ', 'INTJ']],
    ['NTP', 'Inventive Theorist', 'NT', ['ENTP', 'INTP']],
    ['NFJ', 'Insightful Catalyst', 'NF', ['ENFJ', 'INFJ']],
    ['NFP', 'Imaginative Catalyst', 'NF', ['ENFP', 'INFP']],
  ] as const)('%s is %s of %s with its E and I twin %j', (code, title, temperament, types) => {
    const pair = FUNCTIONAL_PAIRS[code];
    expect(pair).toMatchObject({ code, title, temperament, types });
    expect(pair.description.length).toBeGreaterThan(20);
    // The twin is the E and the I version of the pair's three letters.
    expect(pair.types).toEqual([`E${code}`, `I${code}`]);
  });

  test('the 8 pairs partition the 16 types', () => {
    expect(FUNCTIONAL_PAIR_CODES.flatMap((code) => FUNCTIONAL_PAIRS[code].types).sort()).toEqual([...TYPE_CODES].sort());
  });
});

describe('interaction styles', () => {
  test.each([
    ['inCharge', 'In-Charge', ['ESTJ', 'ENTJ', 'ESTP', 'ENFJ']],
    ['chartCourse', 'Chart-the-Course', ['ISTJ', 'INTJ', 'ISTP', 'INFJ']],
    ['getGoing', 'Get-Things-Going', ['ESFP', 'ENFP', 'ENTP', 'ESFJ']],
    ['behindScenes', 'Behind-the-Scenes', ['ISFP', 'INFP', 'INTP', 'ISFJ']],
  ] as const)('%s is %s with 4 types', (code, name, types) => {
    expect(INTERACTION_STYLES[code]).toMatchObject({ code, name });
    expect([...INTERACTION_STYLES[code].types].sort()).toEqual([...types].sort());
  });

  test('the 4 styles partition the 16 types', () => {
    expect(INTERACTION_STYLE_CODES.flatMap((code) => INTERACTION_STYLES[code].types).sort()).toEqual([...TYPE_CODES].sort());
  });
});

describe('personality types', () => {
  test.each(TYPE_CODES.map((code) => [code]))('%s is complete and consistent with the groups', (code) => {
    const type = PERSONALITY_TYPES[code];
    expect(type.code).toBe(code);
    expect(type.title).toMatch(/^The [A-Z]/);
    expect(type.description.length).toBeGreaterThan(150);
    expect(type.description).not.toMatch(/\n/); // one paragraph
    expect(type.shareText).toContain(code);
    expect(type.shareText).not.toContain('#');
    expect(TEMPERAMENTS[type.temperament].types).toContain(code);
    expect(FUNCTIONAL_PAIRS[type.functionalPair].types).toContain(code);
    expect(INTERACTION_STYLES[type.interactionStyle].types).toContain(code);
    // Temperament and pair follow from the letters.
    expect(type.temperament).toBe(code[1] === 'S' ? `S${code[3]}` : `N${code[2]}`);
    expect(type.functionalPair).toBe(code.slice(1));
  });

  test('titles and share texts are distinct', () => {
    expect(new Set(TYPE_CODES.map((code) => PERSONALITY_TYPES[code].title)).size).toBe(16);
    expect(new Set(TYPE_CODES.map((code) => PERSONALITY_TYPES[code].shareText)).size).toBe(16);
    expect(new Set(TYPE_CODES.map((code) => PERSONALITY_TYPES[code].description)).size).toBe(16);
  });

  test('the share message ends with the study hashtags', () => {
    expect(SHARE_HASHTAGS).toBe('#personality #dna');
    expect(shareMessage('INFP')).toBe(`${PERSONALITY_TYPES.INFP.shareText} #personality #dna`);
  });
});

describe('lookups reject unknown codes', () => {
  test.each([
    ['type', () => getPersonalityType('ABCD'), /Unknown type code 'ABCD'/],
    ['type (lower case)', () => getPersonalityType('intj'), /Unknown type code 'intj'/],
    ['share message', () => shareMessage('Inconclusive'), /Unknown type code 'Inconclusive'/],
    ['temperament', () => getTemperament('XX'), /Unknown temperament 'XX'/],
    ['functional pair', () => getFunctionalPair('SJP'), /Unknown functional pair 'SJP'/],
    ['interaction style', () => getInteractionStyle('leader'), /Unknown interaction style 'leader'/],
  ])('%s', (_what, lookup, message) => {
    expect(lookup).toThrow(PersonalityError);
    expect(lookup).toThrow(message);
    expect(lookup).toThrow(expect.objectContaining({ code: 'UNKNOWN_CODE' }));
  });

  test.each([
    ['INTJ', 'The Independent Designer'],
    ['ESFP', 'The Life of the Moment'],
  ])('getPersonalityType(%s) finds %s', (code, title) => {
    expect(getPersonalityType(code).title).toBe(title);
  });
});
