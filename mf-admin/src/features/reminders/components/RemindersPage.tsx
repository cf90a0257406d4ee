import '../../../components/admin.css';
import './reminders.css';
import { Page } from '@study/ui';
import { AdminNav } from '../../../components/AdminNav';
import { TOOL_PAGES } from '../../../session/capabilities';
import { StaffGate } from '../../../session/StaffGate';
import { useReminders } from '../use-reminders';
import { ReminderChoiceForm } from './ReminderChoiceForm';
import { ReminderOutcome } from './ReminderOutcome';
import { ReminderPreviewSection } from './ReminderPreviewSection';

export { REMINDER_STEP_LABELS } from '../reminder-texts';

/**
 * Reminders: pick the step participants have stopped at and for how long, see how many and whom
 * that is, write the message, confirm, and it goes out as one Open Humans project message. Each
 * participant gets at most one reminder per step.
 */
export function RemindersPage() {
  return (
    <Page title="Reminders" lead="Send an Open Humans message to participants who have stopped at a step. Each participant gets at most one reminder per step." width="wide">
      <AdminNav />
      <StaffGate access={TOOL_PAGES.reminders}>
        <ReminderTools />
      </StaffGate>
    </Page>
  );
}

function ReminderTools() {
  const state = useReminders();
  const loaded = state.preview.state === 'loaded' ? state.preview.preview : undefined;
  return (
    <>
      <ReminderChoiceForm state={state} />
      <ReminderOutcome state={state} />
      {loaded && <ReminderPreviewSection state={state} preview={loaded} />}
    </>
  );
}
