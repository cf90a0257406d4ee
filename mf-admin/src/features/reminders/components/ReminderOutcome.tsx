import { Notice, Spinner } from '@study/ui';
import { plural } from '../reminder-texts';
import type { RemindersState } from '../use-reminders';

/** Where the preview and the last send stand: loading, a failed preview, a send done (and any notice from Open Humans). */
export function ReminderOutcome({ state }: { state: RemindersState }) {
  return (
    <>
      {state.preview.state === 'loading' && <Spinner label="Finding the participants..." />}
      {state.preview.state === 'failed' && (
        <Notice style="danger" title="The preview could not be made.">
          <p>{state.preview.message}</p>
        </Notice>
      )}
      {state.sending.state === 'sent' && (
        <Notice style="success" title={`Reminder sent to ${plural(state.sending.result.recipients.length, 'member')}.`}>
          <p>
            Open Humans took the message for {state.sending.result.recipients.map((r) => r.memberId).join(', ')}.
            {state.sending.result.remaining > 0 && ` ${plural(state.sending.result.remaining, 'more participant is', 'more participants are')} waiting: preview again to send to them.`}
          </p>
        </Notice>
      )}
      {state.sending.state === 'sent' && state.sending.result.notice && (
        <Notice style="warning" title="The project's master token needs renewing.">
          <p>{state.sending.result.notice}</p>
        </Notice>
      )}
    </>
  );
}
