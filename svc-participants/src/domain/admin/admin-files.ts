import type { Enrollment } from '@study/contracts';
import type { ParticipantSelection } from '../../data-access/participant-records';
import { analysisExportRows } from './analysis-export/rows';
import type { CsvValue } from './csv';
import type { AdminDeps } from './deps';
import { EnrollmentTally } from './enrollment';
import { joinMbtiResults, rosterRow, statisticsRow, type JoinedParticipant } from './participant-rows';

function joined(deps: Pick<AdminDeps, 'records' | 'mbtiScores'>, selection: ParticipantSelection): AsyncGenerator<JoinedParticipant> {
  return joinMbtiResults(deps.records.stream(selection), deps.mbtiScores.streamResults());
}

async function* rows(source: AsyncIterable<JoinedParticipant>, toRow: (participant: JoinedParticipant) => CsvValue[]): AsyncGenerator<CsvValue[]> {
  for await (const participant of source) yield toRow(participant);
}

/** GET /api/stats: one row per participant (STATS_CSV_COLUMNS), under their pseudonym, read from a cursor as they are written. */
export function statisticsRows(deps: Pick<AdminDeps, 'records' | 'mbtiScores' | 'pseudonymOf'>): AsyncGenerator<CsvValue[]> {
  return rows(joined(deps, 'all'), (participant) => statisticsRow(participant, deps.pseudonymOf));
}

/** GET /api/ohready/{masterKey}: one row per participant linked to an Open Humans member (ROSTER_CSV_COLUMNS). */
export function rosterRows(deps: Pick<AdminDeps, 'records' | 'mbtiScores'>): AsyncGenerator<CsvValue[]> {
  return rows(joined(deps, 'linked'), rosterRow);
}

/** GET /api/admin/analysis-export: one row per participant with every result (EXPORT_COLUMNS), merged from two cursors. */
export function exportRows(deps: Pick<AdminDeps, 'records' | 'mbtiScores' | 'pseudonymOf'>): AsyncGenerator<CsvValue[]> {
  return analysisExportRows(deps.records.streamForExport(), deps.mbtiScores.streamScores(), deps.pseudonymOf);
}

/** GET /api/admin/enrollment: the figures, counted over a cursor in code. */
export async function countEnrollment(deps: Pick<AdminDeps, 'records' | 'mbtiScores' | 'now'>): Promise<Enrollment> {
  const tally = new EnrollmentTally();
  for await (const participant of joined(deps, 'all')) tally.add(participant);
  return tally.result(deps.now());
}
