// Small number helpers shared by every figure: percentiles over a list of samples, and the
// units the tables print in.

/** The q-th percentile (0..1) of the samples, nearest-rank; undefined for no samples. */
export function percentile(samples, q) {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export function summarize(samples) {
  return {
    count: samples.length,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    max: samples.length ? Math.max(...samples) : undefined,
  };
}

export const ms = (value) => (value === undefined || value === null || Number.isNaN(value) ? '-' : value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
export const us = (value) => (value === undefined || value === null || Number.isNaN(value) ? '-' : `${value.toFixed(0)} µs`);
export const kb = (bytes) => (bytes === undefined || bytes === null ? '-' : `${(bytes / 1024).toFixed(1)} KB`);
export const pct = (value) => (value === undefined || value === null || Number.isNaN(value) ? '-' : `${value.toFixed(2)}%`);
export const mb = (bytes) => (bytes === undefined ? '-' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export const sleep = (millis) => new Promise((resolve) => setTimeout(resolve, millis));

/** Milliseconds since `started` (a process.hrtime.bigint()). */
export const since = (started) => Number(process.hrtime.bigint() - started) / 1e6;

/** Prints rows as a fixed-width table: the first row is the header. */
export function table(rows, print = console.log) {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => String(row[col] ?? '').length)));
  for (const [i, row] of rows.entries()) {
    print(row.map((cell, col) => (col === 0 ? String(cell ?? '').padEnd(widths[col]) : String(cell ?? '').padStart(widths[col]))).join('  '));
    if (i === 0) print(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
