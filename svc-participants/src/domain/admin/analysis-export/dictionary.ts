import { ANALYSIS_EXPORT_FILE_NAME, type AnalysisDictionary } from '@study/contracts';
import { EXPORT_COLUMNS, LIST_SEPARATOR } from './columns';

/**
 * The analysis export's data dictionary (GET /api/admin/analysis-export/dictionary): how the file
 * is written, then every column of EXPORT_COLUMNS, in file order, with its type, allowed values
 * and meaning (the same table the CSV's header and rows come from).
 */
export function dataDictionary(now: Date): AnalysisDictionary {
  return {
    file: ANALYSIS_EXPORT_FILE_NAME,
    format: {
      encoding: 'UTF-8',
      delimiter: ',',
      lineEnding: 'CRLF',
      quoting: 'RFC 4180: a cell holding a comma, a double quote or a line break is quoted, a double quote inside it doubled',
      header: true,
      rows: 'one row per participant (erased participants are not in the file), in study-ID order',
      emptyCell: 'no value (see each column for when)',
      listSeparator: LIST_SEPARATOR,
      formulaNeutralisation:
        "A cell whose text starts with =, +, -, @, a tab or a carriage return gets a leading apostrophe (') so a spreadsheet shows it as text instead of running it; this applies to negative numbers too (-3 is written '-3). Remove one leading apostrophe before such a value when reading the file into analysis software.",
    },
    columns: EXPORT_COLUMNS.map(({ name, type, allowed, values, minimum, maximum, meaning }) => ({
      name,
      type,
      allowed,
      ...(values ? { values: [...values] } : {}),
      ...(minimum !== undefined ? { minimum } : {}),
      ...(maximum !== undefined ? { maximum } : {}),
      meaning,
    })),
    generatedAt: now.toISOString(),
  };
}
