import { MBTI_CSV_COLUMNS, type MbtiScores } from '@study/contracts';
import { isV4Uuid, normalizePgId, TYPE_CODES } from '@study/personality';
import { parse } from './csv-parser';
import { messageOf } from '../../../lib/message-of';

/** A row of the file that was not used: its line in the file (the header is line 1) and why. */
export interface RejectedRow {
  line: number;
  reason: string;
}

export interface ParsedMbtiCsv {
  /** pgId (lower case) -> scores, ready for POST /api/user/mbti. */
  rows: Record<string, MbtiScores>;
  /** Data rows read (empty lines are not rows). */
  rowCount: number;
  rejected: RejectedRow[];
}

/** The file as a whole cannot be used (not CSV, or a column is missing). */
export class MbtiCsvError extends Error {
  override name = 'MbtiCsvError';
}

type ScoreField = keyof typeof MBTI_CSV_COLUMNS;
const NUMBER_FIELDS = ['pci1', 'pci2', 'pci3', 'pci4', 'dpref1', 'dpref2', 'dpref3', 'dpref4'] as const;
const TYPES: ReadonlySet<string> = new Set(TYPE_CODES);

interface Record_ {
  line: number;
  cells: string[];
}

function readRecords(text: string): Record_[] {
  try {
    const parsed = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      // Each record with its line number (its last line, for a quoted value spanning several).
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return parsed.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    throw new MbtiCsvError(`The file could not be read as CSV: ${messageOf(error)}`);
  }
}

function columnIndexes(header: readonly string[]): Record<ScoreField, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const indexes = Object.fromEntries(
    (Object.entries(MBTI_CSV_COLUMNS) as [ScoreField, string][]).map(([field, column]) => [field, names.indexOf(column.toLowerCase())]),
  ) as Record<ScoreField, number>;
  const missing = (Object.keys(MBTI_CSV_COLUMNS) as ScoreField[]).filter((field) => indexes[field] < 0).map((field) => MBTI_CSV_COLUMNS[field]);
  if (missing.length > 0) {
    throw new MbtiCsvError(`The file has no column ${missing.join(', ')}. It needs the columns ${Object.values(MBTI_CSV_COLUMNS).join(', ')}.`);
  }
  return indexes;
}

function readNumber(text: string): number | undefined {
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Reads the MBTI provider's export (product.md section 3): each row's study ID is the part of
 * EMAIL before '@', with the whole type and the eight scores. A row that cannot be used is
 * listed with its line and every reason; a later row for the same study ID replaces an earlier one
 * (listed too). Throws MbtiCsvError when the file itself cannot be read.
 */
export function parseMbtiCsv(text: string): ParsedMbtiCsv {
  const records = readRecords(text);
  const [header, ...data] = records;
  if (!header) throw new MbtiCsvError('The file is empty.');
  const at = columnIndexes(header.cells);

  const rows: Record<string, MbtiScores> = {};
  const lineOf = new Map<string, number>();
  const rejected: RejectedRow[] = [];
  for (const { line, cells } of data) {
    const cell = (field: ScoreField) => (cells[at[field]] ?? '').trim();
    const reasons: string[] = [];

    const email = cell('email');
    const pgId = normalizePgId(email.split('@')[0] ?? '');
    if (email === '') reasons.push(`no ${MBTI_CSV_COLUMNS.email}`);
    else if (!isV4Uuid(pgId)) reasons.push(`${MBTI_CSV_COLUMNS.email} "${email}" does not start with a study ID (a version-4 UUID before the @)`);

    const wholeType = cell('wholeType').toUpperCase();
    if (!TYPES.has(wholeType)) reasons.push(`${MBTI_CSV_COLUMNS.wholeType} "${cell('wholeType')}" is not one of the 16 types`);

    const numbers: Partial<Record<(typeof NUMBER_FIELDS)[number], number>> = {};
    for (const field of NUMBER_FIELDS) {
      const value = readNumber(cell(field));
      if (value === undefined) reasons.push(`${MBTI_CSV_COLUMNS[field]} "${cell(field)}" is not a number`);
      else numbers[field] = value;
    }

    if (reasons.length > 0) {
      rejected.push({ line, reason: reasons.join('; ') });
      continue;
    }
    const earlier = lineOf.get(pgId);
    if (earlier !== undefined) rejected.push({ line: earlier, reason: `replaced by line ${line}, which has the same study ID` });
    rows[pgId] = { wholeType, ...(numbers as Omit<MbtiScores, 'wholeType'>) };
    lineOf.set(pgId, line);
  }
  rejected.sort((a, b) => a.line - b.line);
  return { rows, rowCount: data.length, rejected };
}
