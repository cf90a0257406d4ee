/**
 * One way of writing a moment on every admin page: '2026-11-26 14:03' (or '2026-11-26 14:03:12'
 * with seconds), the day as YYYY-MM-DD (as the audit trail's day filters take it and the CSV
 * downloads write it) and the time of day in UTC, 24-hour. Pages say 'UTC' in the column heading
 * or after the time, so nobody reads it as local time.
 */
export function utcDateTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const text = new Date(iso).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, seconds ? 19 : 16)}`;
}
