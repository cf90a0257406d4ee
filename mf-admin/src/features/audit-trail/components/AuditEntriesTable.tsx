import type { AuditDetails, AuditEntry } from '@study/contracts';
import { utcDateTime } from '../../../lib/utc-time';
import { ACTION_LABELS, ACTOR_LABELS } from '../audit-labels';

function detailsText(details: AuditDetails): string {
  const parts = Object.entries(details).map(([name, value]) => `${name}: ${value === null ? '–' : String(value)}`);
  return parts.length > 0 ? parts.join(', ') : '–';
}

/** The columns, each heading also the label of its value where a phone shows each entry as a card. */
const COLUMNS = { time: 'Time (UTC)', action: 'Action', by: 'By', pgId: 'Study ID', details: 'Details' } as const;

export function AuditEntriesTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="admin-table-wrap admin-table-wrap--full audit-table-wrap" role="region" aria-label="Audit entries" tabIndex={0}>
      <table className="admin-table admin-table--stack audit-table">
        <caption>Audit entries, newest first</caption>
        <thead>
          <tr>
            {Object.values(COLUMNS).map((heading) => (
              <th scope="col" key={heading}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="audit-table__time" data-label={COLUMNS.time}>
                <time dateTime={entry.at}>{utcDateTime(entry.at, { seconds: true })}</time>
              </td>
              <td data-label={COLUMNS.action}>{ACTION_LABELS[entry.action]}</td>
              <td data-label={COLUMNS.by}>{ACTOR_LABELS[entry.actor]}</td>
              <td className="audit-table__id" data-label={COLUMNS.pgId}>
                {entry.pgId ?? '–'}
              </td>
              <td className="audit-table__details" data-label={COLUMNS.details}>
                {detailsText(entry.details)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
