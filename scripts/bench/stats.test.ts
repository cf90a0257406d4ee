import { kb, mb, ms, pct, percentile, summarize, table, us } from './stats';

describe('percentile (nearest rank)', () => {
  const tenSamples = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];

  it('is undefined without samples', () => {
    expect(percentile([], 0.5)).toBeUndefined();
  });

  it('takes the sample at rank ceil(q * n) of the sorted samples', () => {
    expect(percentile(tenSamples, 0.5)).toBe(5);
    expect(percentile(tenSamples, 0.9)).toBe(9);
    expect(percentile(tenSamples, 0.95)).toBe(10);
    expect(percentile(tenSamples, 0.91)).toBe(10);
  });

  it('keeps to the first and last sample at the ends', () => {
    expect(percentile(tenSamples, 0)).toBe(1);
    expect(percentile(tenSamples, 1)).toBe(10);
    expect(percentile([42], 0.99)).toBe(42);
  });

  it('leaves the samples in their order', () => {
    const samples = [3, 1, 2];
    percentile(samples, 0.5);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('summarize', () => {
  it('answers the count, p50, p95, p99 and the maximum', () => {
    const samples = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(summarize(samples)).toEqual({ count: 200, p50: 100, p95: 190, p99: 198, max: 200 });
  });

  it('has no figures for no samples', () => {
    expect(summarize([])).toEqual({ count: 0, p50: undefined, p95: undefined, p99: undefined, max: undefined });
  });
});

describe('units', () => {
  it('prints milliseconds with one decimal below 100, none from 100', () => {
    expect(ms(0.04)).toBe('0.0 ms');
    expect(ms(99.94)).toBe('99.9 ms');
    expect(ms(100)).toBe('100 ms');
    expect(ms(1234.4)).toBe('1234 ms');
  });

  it('prints a dash for a missing figure', () => {
    for (const missing of [undefined, null, Number.NaN]) {
      expect(ms(missing)).toBe('-');
      expect(us(missing)).toBe('-');
      expect(pct(missing)).toBe('-');
    }
    expect(kb(undefined)).toBe('-');
    expect(kb(null)).toBe('-');
    expect(mb(undefined)).toBe('-');
  });

  it('prints microseconds, kilobytes, megabytes and percent', () => {
    expect(us(12.6)).toBe('13 µs');
    expect(kb(0)).toBe('0.0 KB');
    expect(kb(1536)).toBe('1.5 KB');
    expect(mb(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(pct(1.234)).toBe('1.23%');
  });
});

describe('table', () => {
  it('left-aligns the first column, right-aligns the others and underlines the header', () => {
    const lines: string[] = [];
    table(
      [
        ['name', 'n', 'note'],
        ['gateway', 12, undefined],
        ['db', null, 'slow'],
      ],
      (line) => lines.push(line),
    );
    expect(lines).toEqual(['name      n  note', '-------  --  ----', 'gateway  12      ', 'db           slow']);
  });

  it('prints nothing without rows', () => {
    const lines: string[] = [];
    table([], (line) => lines.push(line));
    expect(lines).toEqual([]);
  });
});
