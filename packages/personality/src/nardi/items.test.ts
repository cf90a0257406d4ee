import { TYPE_CODES } from '../catalogue/codes';
import { NARDI_ITEMS, NARDI_POLE_TYPES, NARDI_SPLITS, NARDI_SPLIT_ALLOCATION, type NardiSplit } from './items';

describe('Nardi part-one items', () => {
  test('there are 25 items with ids 1..25 in order', () => {
    expect(NARDI_ITEMS.map((item) => item.id)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
  });

  test.each(NARDI_ITEMS.map((item) => [item.id, item] as const))('item %i: each option supports 8 types, B the complement of A', (_id, item) => {
    expect(item.A.supports).toHaveLength(8);
    expect(item.B.supports).toHaveLength(8);
    expect(new Set(item.A.supports).size).toBe(8);
    expect([...item.A.supports, ...item.B.supports].sort()).toEqual([...TYPE_CODES].sort());
    expect(NARDI_SPLITS[item.split].poles).toContain(item.A.pole);
    expect(NARDI_SPLITS[item.split].poles).toContain(item.B.pole);
    expect(item.A.pole).not.toBe(item.B.pole);
    expect(item.A.prompt.trim().length).toBeGreaterThan(0);
    expect(item.B.prompt.trim().length).toBeGreaterThan(0);
    expect(item.A.prompt).not.toBe(item.B.prompt);
  });

  test.each([
    ['initiatingResponding', 6],
    ['concreteAbstract', 6],
    ['logicValues', 4],
    ['settledOpen', 4],
    ['cooperativePragmatic', 3],
    ['directingInforming', 2],
  ] as const)('%s is measured by %i items', (split, count) => {
    expect(NARDI_ITEMS.filter((item) => item.split === split)).toHaveLength(count);
    expect(NARDI_SPLIT_ALLOCATION[split]).toBe(count);
  });

  test.each(Object.keys(NARDI_SPLITS).map((split) => [split as NardiSplit]))('%s: option A is not always the same pole', (split) => {
    const poles = new Set(NARDI_ITEMS.filter((item) => item.split === split).map((item) => item.A.pole));
    expect(poles.size).toBe(2);
  });

  test.each([
    ['E', ['ESTP', 'ESFP', 'ESTJ', 'ESFJ', 'ENTJ', 'ENTP', 'ENFJ', 'ENFP']],
    ['I', ['ISTP', 'ISFP', 'ISTJ', 'ISFJ', 'INTJ', 'INTP', 'INFJ', 'INFP']],
    ['S', ['ESTP', 'ISTP', 'ESFP', 'ISFP', 'ESTJ', 'ISTJ', 'ESFJ', 'ISFJ']],
    ['N', ['ENTJ', 'INTJ', 'ENTP', 'INTP', 'ENFJ', 'INFJ', 'ENFP', 'INFP']],
    ['T', ['ESTP', 'ISTP', 'ESTJ', 'ISTJ', 'ENTJ', 'INTJ', 'ENTP', 'INTP']],
    ['F', ['ESFP', 'ISFP', 'ESFJ', 'ISFJ', 'ENFJ', 'INFJ', 'ENFP', 'INFP']],
    ['J', ['ESTJ', 'ISTJ', 'ESFJ', 'ISFJ', 'ENTJ', 'INTJ', 'ENFJ', 'INFJ']],
    ['P', ['ESTP', 'ISTP', 'ESFP', 'ISFP', 'ENTP', 'INTP', 'ENFP', 'INFP']],
    ['cooperative', ['ESTJ', 'ISTJ', 'ESFJ', 'ISFJ', 'ENFJ', 'INFJ', 'ENFP', 'INFP']],
    ['pragmatic', ['ESTP', 'ISTP', 'ESFP', 'ISFP', 'ENTJ', 'INTJ', 'ENTP', 'INTP']],
    ['directing', ['ESTJ', 'ENTJ', 'ESTP', 'ENFJ', 'ISTJ', 'INTJ', 'ISTP', 'INFJ']],
    ['informing', ['ESFP', 'ENFP', 'ENTP', 'ESFJ', 'ISFP', 'INFP', 'INTP', 'ISFJ']],
  ] as const)('pole %s supports %j', (pole, types) => {
    expect([...NARDI_POLE_TYPES[pole]].sort()).toEqual([...types].sort());
  });

  test('prompts are short enough to answer in a few seconds', () => {
    for (const item of NARDI_ITEMS) {
      expect(item.A.prompt.length).toBeLessThanOrEqual(60);
      expect(item.B.prompt.length).toBeLessThanOrEqual(60);
    }
  });
});
