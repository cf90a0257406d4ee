import type { Enrollment } from '@study/contracts';
import type { ParticipantSelection } from '../../data-access/participant-records';
import { analysisExportRows } from './analysis-export/rows';
import type { CsvValue } from './csv';
import type { AdminDeps } from './deps';
import { EnrollmentTally } from './enrollment';
import { rosterRow, statisticsRow, type JoinedParticipant } from './participant-rows';

async function* rows(deps: Pick<AdminDeps, 'rows'>, selection: ParticipantSelection, toRow: (participant: JoinedParticipant) => CsvValue[]): AsyncGenerator<CsvValue[]> {
  for await (const participant of deps.rows.current(selection)) yield toRow(participant);
}

// Each read brings the admin rows up to date first (every participant write before it), then scans them.

/** GET /api/stats: one row per participant (STATS_CSV_COLUMNS), under their pseudonym, from the admin rows. */
export function statisticsRows(deps: Pick<AdminDeps, 'rows' | 'pseudonymOf'>): AsyncGenerator<CsvValue[]> {
  return rows(deps, 'all', (participant) => statisticsRow(participant, deps.pseudonymOf));
}

/** GET /api/ohready/{masterKey}: one row per participant linked to an Open Humans member (ROSTER_CSV_COLUMNS). */
export function rosterRows(deps: Pick<AdminDeps, 'rows'>): AsyncGenerator<CsvValue[]> {
  return rows(deps, 'linked', rosterRow);
}

/** GET /api/admin/analysis-export: one row per participant with every result (EXPORT_COLUMNS). */
export function exportRows(deps: Pick<AdminDeps, 'rows' | 'pseudonymOf'>): AsyncGenerator<CsvValue[]> {
  return analysisExportRows(deps.rows.current('all'), deps.pseudonymOf);
}

/** GET /api/admin/enrollment: the figures, counted over the admin rows. */
export async function countEnrollment(deps: Pick<AdminDeps, 'rows' | 'now'>): Promise<Enrollment> {
  const tally = new EnrollmentTally();
  for await (const participant of deps.rows.current('all')) tally.add(participant);
  return tally.result(deps.now());
}
