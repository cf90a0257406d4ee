import type { ReminderPreview } from '@study/contracts';
import { Capabilities } from '../../../session/capabilities';
import { IfAllowed } from '../../../session/StaffGate';
import { useStaffSession } from '../../../session/staff-session';
import { number, plural, REMINDER_STEP_LABELS } from '../reminder-texts';
import type { RemindersState } from '../use-reminders';
import { RecipientsTable } from './RecipientsTable';
import { ReminderMessageForm } from './ReminderMessageForm';

/** The preview: how many are waiting at the step, whom one send reaches, and the message to them. */
export function ReminderPreviewSection({ state, preview: loaded }: { state: RemindersState; preview: ReminderPreview }) {
  const reach = loaded.recipients.length;
  const { can } = useStaffSession();
  return (
    <section className="card admin-section" aria-labelledby="reminder-preview-title">
      <h2 id="reminder-preview-title">Preview</h2>
      <p role="status">
        {loaded.count === 0
          ? `Nobody has been at “${REMINDER_STEP_LABELS[loaded.step]}” for ${plural(loaded.days, 'day')} or more without a reminder for it.`
          : `${plural(loaded.count, 'participant has', 'participants have')} been at “${REMINDER_STEP_LABELS[loaded.step]}” for ${plural(loaded.days, 'day')} or more without a reminder for it.`}
        {loaded.alreadyReminded > 0 && ` ${plural(loaded.alreadyReminded, 'other was', 'others were')} reminded for this step before and will not be again.`}
        {loaded.count > reach && ` One send reaches at most ${number.format(loaded.maxPerSend)}: this one reaches the ${number.format(reach)} waiting longest.`}
      </p>
      {reach > 0 && <RecipientsTable preview={loaded} />}
      {reach > 0 && (
        <IfAllowed allowed={can(Capabilities.remindersSend)} what="sending reminders">
          <ReminderMessageForm state={state} preview={loaded} />
        </IfAllowed>
      )}
    </section>
  );
}
