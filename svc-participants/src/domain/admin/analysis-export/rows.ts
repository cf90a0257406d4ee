import type { MbtiScores } from '@study/contracts';
import type { ExportRecord } from '../../../data-access/participant-records';
import type { CsvValue } from '../csv';
import type { PseudonymOf } from '../study-pseudonym';
import { exportRow, type ExportParticipant } from './columns';

type MbtiResult = MbtiScores & { _id: string; uploadedAt?: Date };

/**
 * Pairs each participant with their uploaded MBTI result: both inputs come in ascending study-ID
 * order from their cursors, and are merged, so neither is held in memory (no $lookup on
 * FerretDB). Results of study IDs that are not (or no longer) participants are skipped.
 */
export async function* withMbtiScores(participants: AsyncIterable<ExportRecord>, results: AsyncIterable<MbtiResult>): AsyncGenerator<ExportParticipant> {
  const resultIterator = results[Symbol.asyncIterator]();
  let result = await resultIterator.next();
  try {
    for await (const participant of participants) {
      while (!result.done && result.value._id < participant._id) result = await resultIterator.next();
      if (!result.done && result.value._id === participant._id) {
        const { _id: _ignored, ...mbti } = result.value;
        yield { participant, mbti };
      } else {
        yield { participant };
      }
    }
  } finally {
    // Stop the results cursor too when the reader stops early (a download the client gave up on).
    await resultIterator.return?.();
  }
}

/** The analysis export's rows (EXPORT_COLUMNS), one per participant, as the cursors deliver them. */
export async function* analysisExportRows(participants: AsyncIterable<ExportRecord>, results: AsyncIterable<MbtiResult>, pseudonymOf: PseudonymOf): AsyncGenerator<CsvValue[]> {
  for await (const row of withMbtiScores(participants, results)) yield exportRow({ ...row, pseudonym: pseudonymOf(row.participant._id) });
}
