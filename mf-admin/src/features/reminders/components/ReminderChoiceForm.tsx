import { REMINDER_DAYS_MAX, REMINDER_DAYS_MIN, reminderSteps } from '@study/contracts';
import { Button, TextField } from '@study/ui';
import { useId } from 'react';
import { REMINDER_STEP_LABELS } from '../reminder-texts';
import type { RemindersState } from '../use-reminders';

/** Whom to remind: the step and how many days, and Preview. */
export function ReminderChoiceForm({ state }: { state: RemindersState }) {
  const stepName = useId();
  return (
    <form className="card reminder-form" onSubmit={(event) => void state.showPreview(event)} aria-label="Whom to remind" noValidate>
      <div className="reminder-choice">
        {/* Radio buttons, not a drop-down: each step's whole label shows on a phone (a closed drop-down cut it off), and each is a full-size target. */}
        <fieldset className="field reminder-steps">
          <legend className="field__label">Step</legend>
          {reminderSteps.map((id) => (
            <label key={id} className="reminder-step">
              <input type="radio" name={stepName} value={id} checked={state.step === id} onChange={() => state.chooseStep(id)} />
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
          value={state.daysText}
          error={state.errors.days}
          onChange={state.chooseDays}
        />
      </div>
      <div className="reminder-actions">
        <Button type="submit" disabled={state.preview.state === 'loading'}>
          Preview
        </Button>
      </div>
    </form>
  );
}
