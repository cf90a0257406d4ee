import { compact } from './compact';

describe('compact', () => {
  it('drops undefined fields at any depth of plain objects and arrays', () => {
    expect(compact({ a: 1, b: undefined, c: { d: undefined, e: [{ f: undefined, g: 2 }] } })).toEqual({ a: 1, c: { e: [{ g: 2 }] } });
    expect(Object.keys(compact({ a: undefined }))).toEqual([]);
  });

  it('keeps null, and leaves dates and other class instances as they are', () => {
    const when = new Date('2025-01-01T00:00:00Z');
    const result = compact({ gone: null, when });
    expect(result).toEqual({ gone: null, when });
    expect(result.when).toBe(when);
  });
});
