import { PROJECT_MEMBER_ID_PLACEHOLDER, REMINDER_MESSAGE_MAX, REMINDER_SUBJECT_MAX, renderReminderMessage, type ReminderPreview } from '@study/contracts';
import { Button, Notice, TextField } from '@study/ui';
import { useId } from 'react';
import { plural } from '../reminder-texts';
import type { RemindersState } from '../use-reminders';

/** The reminder: subject and message (with how the first member reads it), then the send and its confirmation. */
export function ReminderMessageForm({ state, preview: loaded }: { state: RemindersState; preview: ReminderPreview }) {
  const messageId = useId();
  const reach = loaded.recipients.length;
  const example = reach > 0 ? renderReminderMessage(state.message, loaded.recipients[0]!.memberId) : undefined;
  return (
    <form className="reminder-form" onSubmit={state.askToConfirm} aria-label="The reminder" noValidate>
      <TextField label="Subject" value={state.subject} maxLength={REMINDER_SUBJECT_MAX} error={state.errors.subject} onChange={state.setSubject} hint="Open Humans puts “[Open Humans Project Message]” before it." />
      <div className={['field', state.errors.message ? 'field--error' : null].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={messageId}>
          Message
        </label>
        <p className="field__hint" id={`${messageId}-hint`}>
          {PROJECT_MEMBER_ID_PLACEHOLDER} becomes each member’s Open Humans member id.
        </p>
        <textarea
          id={messageId}
          className="field__input reminder-textarea"
          value={state.message}
          maxLength={REMINDER_MESSAGE_MAX}
          onChange={(event) => state.setMessage(event.target.value)}
          aria-invalid={state.errors.message ? true : undefined}
          aria-describedby={[`${messageId}-hint`, state.errors.message ? `${messageId}-error` : null].filter(Boolean).join(' ')}
        />
        {state.errors.message && (
          <p className="field__error" id={`${messageId}-error`}>
            {state.errors.message}
          </p>
        )}
      </div>
      {example !== undefined && state.message.trim() !== '' && (
        <figure>
          <figcaption>Member {loaded.recipients[0]!.memberId} reads:</figcaption>
          <pre className="reminder-example">{example}</pre>
        </figure>
      )}
      {state.sending.state !== 'confirming' && state.sending.state !== 'sending' && (
        <div className="reminder-actions">
          <Button type="submit">Send to {plural(reach, 'member')}</Button>
        </div>
      )}
      {(state.sending.state === 'confirming' || state.sending.state === 'sending') && (
        <div className="reminder-actions" role="group" aria-label="Confirm the send">
          <p>
            Send “{state.subject}” to {plural(reach, 'member')} now? This cannot be undone.
          </p>
          <Button id={state.confirmId} onClick={() => void state.send()} disabled={state.sending.state === 'sending'}>
            {state.sending.state === 'sending' ? 'Sending...' : 'Confirm send'}
          </Button>
          <Button variant="secondary" onClick={state.cancelSend} disabled={state.sending.state === 'sending'}>
            Cancel
          </Button>
        </div>
      )}
      {state.sending.state === 'failed' && (
        <Notice style="danger" title="The reminder was not sent.">
          <p>{state.sending.message}</p>
        </Notice>
      )}
    </form>
  );
}
