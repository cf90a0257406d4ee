// Small number helpers shared by every figure: percentiles over a list of samples, and the
// units the tables print in.

/** Where a table or a figure's lines go (console.log, or a collector in tests). */
export type Print = (line: string) => void;

/** One cell of a printed table: empty when undefined or null. */
export type Cell = string | number | undefined | null;

/** Count, percentiles and maximum of a list of samples; undefined where there were no samples. */
export interface Summary {
  count: number;
  p50: number | undefined;
  p95: number | undefined;
  p99: number | undefined;
  max: number | undefined;
}

/** The q-th percentile (0..1) of the samples, nearest-rank; undefined for no samples. */
export function percentile(samples: readonly number[], q: number): number | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export function summarize(samples: readonly number[]): Summary {
  return {
    count: samples.length,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    max: samples.length ? Math.max(...samples) : undefined,
  };
}

type Figure = number | undefined | null;

export const ms = (value: Figure): string => (value === undefined || value === null || Number.isNaN(value) ? '-' : value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
export const us = (value: Figure): string => (value === undefined || value === null || Number.isNaN(value) ? '-' : `${value.toFixed(0)} µs`);
export const kb = (bytes: Figure): string => (bytes === undefined || bytes === null ? '-' : `${(bytes / 1024).toFixed(1)} KB`);
export const pct = (value: Figure): string => (value === undefined || value === null || Number.isNaN(value) ? '-' : `${value.toFixed(2)}%`);
export const mb = (bytes: number | undefined): string => (bytes === undefined ? '-' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export const sleep = (millis: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, millis));

/** Milliseconds since `started` (a process.hrtime.bigint()). */
export const since = (started: bigint): number => Number(process.hrtime.bigint() - started) / 1e6;

/** Prints rows as a fixed-width table: the first row is the header. */
export function table(rows: readonly (readonly Cell[])[], print: Print = console.log): void {
  const header = rows[0];
  if (!header) return;
  const widths = header.map((_, col) => Math.max(...rows.map((row) => String(row[col] ?? '').length)));
  for (const [i, row] of rows.entries()) {
    print(row.map((cell, col) => (col === 0 ? String(cell ?? '').padEnd(widths[col] ?? 0) : String(cell ?? '').padStart(widths[col] ?? 0))).join('  '));
    if (i === 0) print(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
