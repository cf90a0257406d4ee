import type { ReminderPreview } from '@study/contracts';
import { StackedTable, type StackedColumn } from '../../../components/StackedTable';
import { utcDateTime } from '../../../lib/utc-time';

type Recipient = ReminderPreview['recipients'][number];

const RECIPIENT_COLUMNS: readonly StackedColumn<Recipient>[] = [
  { heading: 'Study ID', className: 'reminder-id', cell: (r) => r.pgId },
  { heading: 'Open Humans member', className: 'reminder-id', cell: (r) => r.memberId },
  { heading: 'Waiting since (UTC)', cell: (r) => utcDateTime(r.waitingSince) },
];

/** Whom one send reaches, the longest waiting first; on a phone each member is a card. */
export function RecipientsTable({ preview }: { preview: ReminderPreview }) {
  return (
    <StackedTable
      label="Members this send reaches"
      caption="Members this send reaches, the longest waiting first"
      columns={RECIPIENT_COLUMNS}
      rows={preview.recipients}
      rowKey={(r) => r.pgId}
    />
  );
}
