/** A value one CSV cell holds; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/** Characters a spreadsheet reads as the start of a formula (or that hide one, tab and CR). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function text(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return String(value);
}

/**
 * One cell as written to the file. A cell that starts like a formula ('=', '+', '-', '@', tab
 * or carriage return) gets a leading apostrophe, so a spreadsheet shows it as text instead of
 * running it; then the cell is quoted per RFC 4180 when it holds a quote, comma or line break.
 */
export function csvCell(value: CsvValue): string {
  let cell = text(value);
  if (FORMULA_START.test(cell)) cell = `'${cell}`;
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
