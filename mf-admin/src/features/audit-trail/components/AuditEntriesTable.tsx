import type { AuditDetails, AuditEntry } from '@study/contracts';
import { StackedTable, type StackedColumn } from '../../../components/StackedTable';
import { utcDateTime } from '../../../lib/utc-time';
import { ACTION_LABELS, ACTOR_LABELS, personLabel } from '../audit-labels';

function detailsText(details: AuditDetails): string {
  const parts = Object.entries(details).map(([name, value]) => `${name}: ${value === null ? '–' : String(value)}`);
  return parts.length > 0 ? parts.join(', ') : '–';
}

const COLUMNS: readonly StackedColumn<AuditEntry>[] = [
  { heading: 'Time (UTC)', className: 'audit-table__time', cell: (entry) => <time dateTime={entry.at}>{utcDateTime(entry.at, { seconds: true })}</time> },
  { heading: 'Action', cell: (entry) => ACTION_LABELS[entry.action] },
  { heading: 'By', cell: (entry) => ACTOR_LABELS[entry.actor] },
  { heading: 'Person', className: 'audit-table__person', cell: (entry) => personLabel(entry.by) ?? '–' },
  { heading: 'Study ID', className: 'audit-table__id', cell: (entry) => entry.pgId ?? '–' },
  { heading: 'Details', className: 'audit-table__details', cell: (entry) => detailsText(entry.details) },
];

export function AuditEntriesTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <StackedTable
      label="Audit entries"
      caption="Audit entries, newest first"
      columns={COLUMNS}
      rows={entries}
      rowKey={(entry) => entry.id}
      regionClassName="audit-table-wrap"
      tableClassName="audit-table"
    />
  );
}
