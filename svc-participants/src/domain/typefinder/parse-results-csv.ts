import { parse } from 'csv-parse/sync';
import { ErrorCodes, inboxEmailSchema, resultTypeCodeSchema, type ImportRejection, type TypeFinderResult } from '@study/contracts';
import { AppError } from '@study/service-kit';

/** The columns a TypeFinder CSV must have (named in its header row, any letter case and order). */
export const CSV_COLUMNS = ['email', 'type'] as const;

export interface ParsedResultsCsv {
  /** Usable rows in file order, each with its line number. */
  rows: (TypeFinderResult & { line: number })[];
  rejected: ImportRejection[];
  /** Data rows read (blank lines aside). */
  rowCount: number;
}

function csvInvalid(message: string): AppError {
  return new AppError(400, ErrorCodes.CSV_INVALID, message);
}

function problem(field: string, result: { success: false; error: { issues: { message: string }[] } }): string {
  return `${field}: ${result.error.issues[0]?.message ?? 'not valid'}`;
}

/**
 * Reads an admin CSV of TypeFinder results: a header row naming the columns email and type
 * (others are ignored), then one result per line. A file that cannot be read as CSV, or lacks
 * a column, is refused as a whole; a row that does not hold a usable email and four-letter
 * type is listed with its line number and the reason, and the others are kept.
 */
export function parseResultsCsv(text: string): ParsedResultsCsv {
  let records: { record: Record<string, string | undefined>; info: { lines: number } }[];
  let header: string[] = [];
  try {
    records = parse(text, {
      bom: true,
      columns: (names: string[]) => {
        header = names.map((name) => name.trim().toLowerCase());
        return header;
      },
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (err) {
    throw csvInvalid(`The file could not be read as CSV: ${(err as Error).message}`);
  }
  const missing = CSV_COLUMNS.filter((column) => !header.includes(column));
  if (header.length === 0) throw csvInvalid('The file is empty: expected a header row with the columns email,type.');
  if (missing.length > 0) throw csvInvalid(`The header row must name the columns email and type; missing: ${missing.join(', ')}.`);

  const rows: ParsedResultsCsv['rows'] = [];
  const rejected: ImportRejection[] = [];
  for (const { record, info } of records) {
    const line = info.lines;
    const email = inboxEmailSchema.safeParse(record.email ?? '');
    const typeCode = resultTypeCodeSchema.safeParse(record.type ?? '');
    const reasons = [email.success ? undefined : problem('email', email), typeCode.success ? undefined : problem('type', typeCode)].filter(Boolean);
    if (email.success && typeCode.success) rows.push({ line, email: email.data, typeCode: typeCode.data });
    else rejected.push({ line, reason: reasons.join('; ') });
  }
  return { rows, rejected, rowCount: records.length };
}
