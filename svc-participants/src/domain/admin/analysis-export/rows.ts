import type { AdminRow } from '../../../data-access/admin-rows/admin-rows';
import type { CsvValue } from '../csv';
import type { PseudonymOf } from '../study-pseudonym';
import { exportRow } from './columns';

/** The analysis export's rows (EXPORT_COLUMNS), one per participant, as the admin rows deliver them. */
export async function* analysisExportRows(rows: AsyncIterable<AdminRow>, pseudonymOf: PseudonymOf): AsyncGenerator<CsvValue[]> {
  for await (const row of rows) yield exportRow({ ...row, pseudonym: pseudonymOf(row.participant._id) });
}
