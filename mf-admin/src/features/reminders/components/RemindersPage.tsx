import '../../../components/admin.css';
import './reminders.css';
import {
  PROJECT_MEMBER_ID_PLACEHOLDER,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  REMINDER_MESSAGE_MAX,
  REMINDER_SUBJECT_MAX,
  hasOtherTemplateSyntax,
  renderReminderMessage,
  reminderSteps,
  type ReminderPreview,
  type ReminderSendResponse,
  type ReminderStep,
} from '@study/contracts';
import { Button, Notice, Page, Spinner, TextField } from '@study/ui';
import { useId, useState, type FormEvent } from 'react';
import { AdminNav } from '../../../components/AdminNav';
import { MasterKeyField } from '../../../components/MasterKeyField';
import { useMasterKey } from '../../../lib/master-key';
import { utcDateTime } from '../../../lib/utc-time';
import { httpRemindersApi, type RemindersApi } from '../api/reminders-api';

export interface RemindersPageProps {
  api?: RemindersApi;
}

/** Each step as the study team knows it: where the participant stopped. */
export const REMINDER_STEP_LABELS: Record<ReminderStep, string> = {
  typeFinder: 'Consented, but no TypeFinder yet',
  nardi: 'TypeFinder done, but no Nardi yet',
  selfAssessment: 'Nardi done, but no self-assessment yet',
};

type Preview = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; preview: ReminderPreview } | { state: 'failed'; message: string };
type Sending = { state: 'idle' } | { state: 'confirming' } | { state: 'sending' } | { state: 'sent'; result: ReminderSendResponse } | { state: 'failed'; message: string };

const number = new Intl.NumberFormat('en-US');
const plural = (count: number, one: string, many = `${one}s`) => `${number.format(count)} ${count === 1 ? one : many}`;
/** The column headings, also the labels of the values where a phone shows each member as a card. */
const RECIPIENT_COLUMNS = { pgId: 'Study ID', memberId: 'Open Humans member', waitingSince: 'Waiting since (UTC)' } as const;

function checkDays(text: string): string | undefined {
  const days = Number(text);
  if (text.trim() === '' || !Number.isInteger(days) || days < REMINDER_DAYS_MIN || days > REMINDER_DAYS_MAX) {
    return `Enter a whole number of days from ${REMINDER_DAYS_MIN} to ${REMINDER_DAYS_MAX}.`;
  }
  return undefined;
}

function checkText(what: string, value: string, max: number): string | undefined {
  if (value.trim() === '') return `Write the ${what}.`;
  if (value.length > max) return `The ${what} may have at most ${number.format(max)} characters (it has ${number.format(value.length)}).`;
  if (hasOtherTemplateSyntax(value)) return `Use ${PROJECT_MEMBER_ID_PLACEHOLDER} for the member's id, and no other {{ }}, {% %} or {# #}: Open Humans would read them as template code.`;
  return undefined;
}

function Recipients({ preview }: { preview: ReminderPreview }) {
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

const defaultApi = httpRemindersApi();

/**
 * Reminders: pick the step participants have stopped at and for how long, see how many and whom
 * that is, write the message, confirm, and it goes out as one Open Humans project message. Each
 * participant gets at most one reminder per step.
 */
export function RemindersPage({ api = defaultApi }: RemindersPageProps) {
  const [masterKey, setMasterKey] = useMasterKey();
  const [step, setStep] = useState<ReminderStep>('typeFinder');
  const [daysText, setDaysText] = useState('7');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const [errors, setErrors] = useState<{ days?: string; subject?: string; message?: string }>({});
  const messageId = useId();
  const stepName = useId();
  const confirmId = useId();
  const hasKey = masterKey.trim() !== '';

  // A different choice makes the preview out of date: it has to be shown again before a send.
  const changeChoice = (change: () => void) => {
    change();
    setPreview({ state: 'idle' });
    setSending((current) => (current.state === 'sent' ? current : { state: 'idle' }));
  };

  const showPreview = async (event: FormEvent) => {
    event.preventDefault();
    const daysError = checkDays(daysText);
    setErrors((current) => ({ ...current, days: daysError }));
    if (daysError || !hasKey || preview.state === 'loading') return;
    setPreview({ state: 'loading' });
    setSending({ state: 'idle' });
    try {
      setPreview({ state: 'loaded', preview: await api.preview(masterKey, { step, days: Number(daysText) }) });
    } catch (error) {
      setPreview({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const askToConfirm = (event: FormEvent) => {
    event.preventDefault();
    const found = { subject: checkText('subject', subject, REMINDER_SUBJECT_MAX), message: checkText('message', message, REMINDER_MESSAGE_MAX) };
    setErrors((current) => ({ ...current, ...found }));
    if (found.subject || found.message) return;
    setSending({ state: 'confirming' });
    // The confirmation takes the focus, so a keyboard user answers it next.
    setTimeout(() => document.getElementById(confirmId)?.focus(), 0);
  };

  const send = async () => {
    if (preview.state !== 'loaded') return;
    setSending({ state: 'sending' });
    try {
      const result = await api.send(masterKey, { step: preview.preview.step, days: preview.preview.days, subject, message });
      setSending({ state: 'sent', result });
      setPreview({ state: 'idle' });
    } catch (error) {
      setSending({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const loaded = preview.state === 'loaded' ? preview.preview : undefined;
  const reach = loaded?.recipients.length ?? 0;
  const example = loaded && reach > 0 ? renderReminderMessage(message, loaded.recipients[0]!.memberId) : undefined;

  return (
    <Page title="Reminders" lead="Send an Open Humans message to participants who have stopped at a step. Each participant gets at most one reminder per step." width="wide">
      <AdminNav />
      <form className="card reminder-form" onSubmit={showPreview} aria-label="Whom to remind" noValidate>
        <MasterKeyField value={masterKey} onChange={setMasterKey} />
        <div className="reminder-choice">
          {/* Radio buttons, not a drop-down: each step's whole label shows on a phone (a closed drop-down cut it off), and each is a full-size target. */}
          <fieldset className="field reminder-steps">
            <legend className="field__label">Step</legend>
            {reminderSteps.map((id) => (
              <label key={id} className="reminder-step">
                <input type="radio" name={stepName} value={id} checked={step === id} onChange={() => changeChoice(() => setStep(id))} />
                <span>{REMINDER_STEP_LABELS[id]}</span>
              </label>
            ))}
          </fieldset>
          <TextField
            label="For at least (days)"
            type="number"
            inputMode="numeric"
            min={REMINDER_DAYS_MIN}
            max={REMINDER_DAYS_MAX}
            value={daysText}
            error={errors.days}
            onChange={(value) => changeChoice(() => setDaysText(value))}
          />
        </div>
        <div className="reminder-actions">
          <Button type="submit" disabled={!hasKey || preview.state === 'loading'}>
            Preview
          </Button>
        </div>
      </form>

      {preview.state === 'loading' && <Spinner label="Finding the participants..." />}
      {preview.state === 'failed' && (
        <Notice style="danger" title="The preview could not be made.">
          <p>{preview.message}</p>
        </Notice>
      )}
      {sending.state === 'sent' && (
        <Notice style="success" title={`Reminder sent to ${plural(sending.result.recipients.length, 'member')}.`}>
          <p>
            Open Humans took the message for {sending.result.recipients.map((r) => r.memberId).join(', ')}.
            {sending.result.remaining > 0 && ` ${plural(sending.result.remaining, 'more participant is', 'more participants are')} waiting: preview again to send to them.`}
          </p>
        </Notice>
      )}
      {sending.state === 'sent' && sending.result.notice && (
        <Notice style="warning" title="The project's master token needs renewing.">
          <p>{sending.result.notice}</p>
        </Notice>
      )}

      {loaded && (
        <section className="card admin-section" aria-labelledby="reminder-preview-title">
          <h2 id="reminder-preview-title">Preview</h2>
          <p role="status">
            {loaded.count === 0
              ? `Nobody has been at “${REMINDER_STEP_LABELS[loaded.step]}” for ${plural(loaded.days, 'day')} or more without a reminder for it.`
              : `${plural(loaded.count, 'participant has', 'participants have')} been at “${REMINDER_STEP_LABELS[loaded.step]}” for ${plural(loaded.days, 'day')} or more without a reminder for it.`}
            {loaded.alreadyReminded > 0 && ` ${plural(loaded.alreadyReminded, 'other was', 'others were')} reminded for this step before and will not be again.`}
            {loaded.count > reach && ` One send reaches at most ${number.format(loaded.maxPerSend)}: this one reaches the ${number.format(reach)} waiting longest.`}
          </p>
          {reach > 0 && <Recipients preview={loaded} />}
          {reach > 0 && (
            <form className="reminder-form" onSubmit={askToConfirm} aria-label="The reminder" noValidate>
              <TextField label="Subject" value={subject} maxLength={REMINDER_SUBJECT_MAX} error={errors.subject} onChange={setSubject} hint="Open Humans puts “[Open Humans Project Message]” before it." />
              <div className={['field', errors.message ? 'field--error' : null].filter(Boolean).join(' ')}>
                <label className="field__label" htmlFor={messageId}>
                  Message
                </label>
                <p className="field__hint" id={`${messageId}-hint`}>
                  {PROJECT_MEMBER_ID_PLACEHOLDER} becomes each member’s Open Humans member id.
                </p>
                <textarea
                  id={messageId}
                  className="field__input reminder-textarea"
                  value={message}
                  maxLength={REMINDER_MESSAGE_MAX}
                  onChange={(event) => setMessage(event.target.value)}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={[`${messageId}-hint`, errors.message ? `${messageId}-error` : null].filter(Boolean).join(' ')}
                />
                {errors.message && (
                  <p className="field__error" id={`${messageId}-error`}>
                    {errors.message}
                  </p>
                )}
              </div>
              {example !== undefined && message.trim() !== '' && (
                <figure>
                  <figcaption>Member {loaded.recipients[0]!.memberId} reads:</figcaption>
                  <pre className="reminder-example">{example}</pre>
                </figure>
              )}
              {sending.state !== 'confirming' && sending.state !== 'sending' && (
                <div className="reminder-actions">
                  <Button type="submit">Send to {plural(reach, 'member')}</Button>
                </div>
              )}
              {(sending.state === 'confirming' || sending.state === 'sending') && (
                <div className="reminder-actions" role="group" aria-label="Confirm the send">
                  <p>
                    Send “{subject}” to {plural(reach, 'member')} now? This cannot be undone.
                  </p>
                  <Button id={confirmId} onClick={() => void send()} disabled={sending.state === 'sending'}>
                    {sending.state === 'sending' ? 'Sending...' : 'Confirm send'}
                  </Button>
                  <Button variant="secondary" onClick={() => setSending({ state: 'idle' })} disabled={sending.state === 'sending'}>
                    Cancel
                  </Button>
                </div>
              )}
              {sending.state === 'failed' && (
                <Notice style="danger" title="The reminder was not sent.">
                  <p>{sending.message}</p>
                </Notice>
              )}
            </form>
          )}
        </section>
      )}
    </Page>
  );
}
