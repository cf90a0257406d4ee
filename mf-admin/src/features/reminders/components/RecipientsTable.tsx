import type { ReminderPreview } from '@study/contracts';
import { utcDateTime } from '../../../lib/utc-time';

/** The column headings, also the labels of the values where a phone shows each member as a card. */
const RECIPIENT_COLUMNS = { pgId: 'Study ID', memberId: 'Open Humans member', waitingSince: 'Waiting since (UTC)' } as const;

/** Whom one send reaches, the longest waiting first; on a phone each member is a card. */
export function RecipientsTable({ preview }: { preview: ReminderPreview }) {
  return (
    <div className="admin-table-wrap admin-table-wrap--full" role="region" aria-label="Members this send reaches" tabIndex={0}>
      <table className="admin-table admin-table--stack">
        <caption>Members this send reaches, the longest waiting first</caption>
        <thead>
          <tr>
            {Object.values(RECIPIENT_COLUMNS).map((heading) => (
              <th scope="col" key={heading}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.recipients.map((r) => (
            <tr key={r.pgId}>
              <td className="reminder-id" data-label={RECIPIENT_COLUMNS.pgId}>
                {r.pgId}
              </td>
              <td className="reminder-id" data-label={RECIPIENT_COLUMNS.memberId}>
                {r.memberId}
              </td>
              <td data-label={RECIPIENT_COLUMNS.waitingSince}>{utcDateTime(r.waitingSince)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
