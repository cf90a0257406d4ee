import { sameJson, stableJson } from './stable-json';

describe('stableJson', () => {
  it('sorts keys at every level and ends with a newline', () => {
    expect(stableJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
  });

  it('keeps the order of arrays, which carries meaning', () => {
    expect(JSON.parse(stableJson({ required: ['b', 'a'] }))).toEqual({ required: ['b', 'a'] });
  });
});

describe('sameJson', () => {
  it('ignores key order and sees any other difference', () => {
    expect(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] })).toBe(false);
    expect(sameJson(undefined, undefined)).toBe(true);
    expect(sameJson(undefined, null)).toBe(false);
  });
});
