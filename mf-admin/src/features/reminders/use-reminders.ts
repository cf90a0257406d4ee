import { REMINDER_MESSAGE_MAX, REMINDER_SUBJECT_MAX, type ReminderPreview, type ReminderSendResponse, type ReminderStep } from '@study/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { usePreviewReminders } from './api/preview-reminders';
import { useSendReminders } from './api/send-reminders';
import { checkDays, checkText } from './reminder-texts';
import { messageOf } from '../../lib/message-of';

export type Preview = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; preview: ReminderPreview } | { state: 'failed'; message: string };
export type Sending = { state: 'idle' } | { state: 'confirming' } | { state: 'sending' } | { state: 'sent'; result: ReminderSendResponse } | { state: 'failed'; message: string };
export type ReminderErrors = { days?: string; subject?: string; message?: string };


/**
 * The Reminders page's state machine: the choice (step, days), its preview, the message, and the
 * send with its confirmation. A different choice makes the preview out of date: it has to be
 * shown again before a send.
 */
export function useReminders() {
  const [step, setStep] = useState<ReminderStep>('typeFinder');
  const [daysText, setDaysText] = useState('7');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const [errors, setErrors] = useState<ReminderErrors>({});
  const { mutateAsync: previewReminders } = usePreviewReminders();
  const { mutateAsync: sendReminders } = useSendReminders();
  const confirmId = useId();

  const changeChoice = (change: () => void) => {
    change();
    setPreview({ state: 'idle' });
    setSending((current) => (current.state === 'sent' ? current : { state: 'idle' }));
  };

  const showPreview = async (event: FormEvent) => {
    event.preventDefault();
    const daysError = checkDays(daysText);
    setErrors((current) => ({ ...current, days: daysError }));
    if (daysError || preview.state === 'loading') return;
    setPreview({ state: 'loading' });
    setSending({ state: 'idle' });
    try {
      setPreview({ state: 'loaded', preview: await previewReminders({ step, days: Number(daysText) }) });
    } catch (error) {
      setPreview({ state: 'failed', message: messageOf(error) });
    }
  };

  const askToConfirm = (event: FormEvent) => {
    event.preventDefault();
    const found = { subject: checkText('subject', subject, REMINDER_SUBJECT_MAX), message: checkText('message', message, REMINDER_MESSAGE_MAX) };
    setErrors((current) => ({ ...current, ...found }));
    if (found.subject || found.message) return;
    setSending({ state: 'confirming' });
  };

  // The confirmation takes the focus as it appears (in the commit that shows it, not a timer
  // later), so a keyboard user answers it next.
  const confirming = sending.state === 'confirming';
  useEffect(() => {
    if (confirming) document.getElementById(confirmId)?.focus();
  }, [confirming, confirmId]);

  const send = async () => {
    if (preview.state !== 'loaded') return;
    setSending({ state: 'sending' });
    try {
      const result = await sendReminders({ step: preview.preview.step, days: preview.preview.days, subject, message });
      setSending({ state: 'sent', result });
      setPreview({ state: 'idle' });
    } catch (error) {
      setSending({ state: 'failed', message: messageOf(error) });
    }
  };

  return {
    step,
    chooseStep: (id: ReminderStep) => changeChoice(() => setStep(id)),
    daysText,
    chooseDays: (value: string) => changeChoice(() => setDaysText(value)),
    subject,
    setSubject,
    message,
    setMessage,
    preview,
    sending,
    cancelSend: () => setSending({ state: 'idle' }),
    errors,
    confirmId,
    showPreview,
    askToConfirm,
    send,
  };
}

export type RemindersState = ReturnType<typeof useReminders>;
