import { rowCode } from './row-code';

describe('rowCode', () => {
  const code = rowCode<Record<string, unknown>>(['a', 'b.c', 'b.d', 'e', 'f']);

  it('keeps values at their paths, dates as dates, objects and arrays whole', () => {
    const source = { a: true, b: { c: new Date('2026-03-24T09:15:00.123Z'), d: { x: [1, 'y'], when: new Date(0) } }, e: 'text', ignored: 'not a path' };
    const back = code.decode(code.encode(source));
    expect(back).toEqual({ a: true, b: { c: new Date('2026-03-24T09:15:00.123Z'), d: { x: [1, 'y'], when: new Date(0) } }, e: 'text' });
    expect((back.b as { c: Date }).c).toBeInstanceOf(Date);
  });

  it('is shorter than the document it codes: no field names, no trailing empties', () => {
    expect(code.encode({ a: false, e: null })).toBe('[false]');
    expect(code.encode({})).toBe('[]');
  });

  it('keeps a string that starts like a date as the string', () => {
    const odd = '\u0001abc';
    expect(code.decode(code.encode({ e: odd, f: '\u0001\u0001' }))).toEqual({ e: odd, f: '\u0001\u0001' });
  });

  it('brings null and absent back as absent', () => {
    expect(code.decode(code.encode({ a: null, b: { c: undefined }, e: 0 }))).toEqual({ e: 0 });
  });
});
