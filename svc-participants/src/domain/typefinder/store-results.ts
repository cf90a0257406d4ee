import type { TypeFinderImportResponse, TypeFinderResult } from '@study/contracts';
import type { ParticipantsDeps } from '../deps';
import { parseResultsCsv } from './parse-results-csv';

/** POST /api/typefinder/results (signature already checked): keeps each result in the inbox until its participant claims it. */
export async function receiveTypeFinderResults(deps: ParticipantsDeps, results: readonly TypeFinderResult[]): Promise<{ stored: number }> {
  const { inserted, updated } = await deps.typeFinderInbox.store(results, 'webhook', deps.now());
  deps.logger.info({ results: results.length, inserted, updated }, 'TypeFinder results received');
  return { stored: results.length };
}

/** POST /api/typefinder/import (admin key already checked): the rows of a CSV, with the ones refused and why. */
export async function importTypeFinderResults(deps: ParticipantsDeps, csv: string): Promise<TypeFinderImportResponse> {
  const { rows, rejected, rowCount } = parseResultsCsv(csv);
  const { inserted, updated } = await deps.typeFinderInbox.store(
    rows.map(({ email, typeCode }) => ({ email, typeCode })),
    'import',
    deps.now(),
  );
  deps.logger.info({ rowCount, stored: rows.length, inserted, updated, rejected: rejected.length }, 'TypeFinder results imported');
  return { rowCount, storedCount: rows.length, insertedCount: inserted, updatedCount: updated, rejectedCount: rejected.length, rejected };
}
