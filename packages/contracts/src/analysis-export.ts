import { z } from 'zod';

/**
 * The analysis export (issue 13): one tidy CSV, one row per participant, pseudonymous (study ID
 * and Open Humans project member id only), with every instrument's result, the genotype sources
 * and the timestamps; and its data dictionary, a JSON file naming every column of the CSV.
 * Both are admin downloads (X-Master-Key, or a signed download link of the resource 'export'
 * or 'dictionary'); their addresses are routes.analysisExport and routes.analysisDictionary.
 * svc-participants defines the columns once; the dictionary is made from them.
 */

export const ANALYSIS_EXPORT_FILE_NAME = 'analysis-export.csv';
export const ANALYSIS_DICTIONARY_FILE_NAME = 'analysis-export-dictionary.json';

/** How a column's cells read: text, a whole number, a number, true/false, an ISO 8601 UTC time, or a list of codes. */
export const analysisColumnTypes = ['string', 'integer', 'number', 'boolean', 'datetime', 'list'] as const;
export const analysisColumnTypeSchema = z.enum(analysisColumnTypes);
export type AnalysisColumnType = z.infer<typeof analysisColumnTypeSchema>;

/** One column of the export as the dictionary describes it. */
export const analysisDictionaryColumnSchema = z.object({
  /** The header of the column in the CSV. */
  name: z.string().min(1),
  type: analysisColumnTypeSchema,
  /** The values a cell may hold, in words (always given). */
  allowed: z.string().min(1),
  /** The closed set of values, when there is one (for a list column: the values of its items). */
  values: z.array(z.string()).optional(),
  /** The smallest and largest value of a number column, when bounded. */
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  /** What the column means, and when its cell is empty. */
  meaning: z.string().min(1),
});
export type AnalysisDictionaryColumn = z.infer<typeof analysisDictionaryColumnSchema>;

/** GET /api/admin/analysis-export/dictionary: the data dictionary of the analysis export. */
export const analysisDictionarySchema = z.object({
  /** The file the dictionary describes (analysis-export.csv). */
  file: z.string().min(1),
  /** How the file is written: encoding, separators, empty cells, formula neutralisation. */
  format: z.object({
    encoding: z.literal('UTF-8'),
    delimiter: z.literal(','),
    lineEnding: z.literal('CRLF'),
    quoting: z.string().min(1),
    header: z.literal(true),
    rows: z.string().min(1),
    emptyCell: z.string().min(1),
    listSeparator: z.literal(';'),
    formulaNeutralisation: z.string().min(1),
  }),
  /** Every column of the export, in the order of the CSV header. */
  columns: z.array(analysisDictionaryColumnSchema).min(1),
  generatedAt: z.iso.datetime({ offset: true }),
});
export type AnalysisDictionary = z.infer<typeof analysisDictionarySchema>;
