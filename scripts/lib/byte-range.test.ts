import { byteRange } from './byte-range';

describe('an HTTP byte range', () => {
  it('is the whole file without a header, or with one it does not read', () => {
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange('bytes=0-9,20-29', 100)).toBeNull();
    expect(byteRange('items=0-9', 100)).toBeNull();
  });

  it('runs from the first byte asked to the last, inclusive, never past the end', () => {
    expect(byteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(byteRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
  });

  it('runs to the end when open, and is the last n bytes for a suffix', () => {
    expect(byteRange('bytes=40-', 100)).toEqual({ start: 40, end: 99 });
    expect(byteRange('bytes=-30', 100)).toEqual({ start: 70, end: 99 });
    expect(byteRange('bytes=-300', 100)).toEqual({ start: 0, end: 99 });
  });
});
