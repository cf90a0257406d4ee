import { isV4Uuid } from '@study/personality';
import { Button, TextField } from '@study/ui';
import { useState, type FormEvent } from 'react';

export const STUDY_ID_FORMAT_MESSAGE =
  'Enter the study ID you received when you authorized the project: 36 characters in the form xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx.';

export interface StudyIdFormProps {
  initialValue?: string;
  /** The ID entered last was not found: the participant checks what they typed. */
  notFound?: boolean;
  /** Receives the study ID in its canonical lower-case form. */
  onSubmit: (pgId: string) => void;
}

/**
 * The ID as typed, in groups that stay whole (a line may break only after a hyphen): a phone's
 * field is too narrow for all 36 characters at a size that can be read, so the whole ID is shown
 * here too. A visual aid only: the field itself gives assistive technology the same text.
 */
function EnteredId({ value, always }: { value: string; always: boolean }) {
  const groups = value.split(/(?<=-)/);
  return (
    <p className={always ? 'study-id-echo' : 'study-id-echo study-id-echo--narrow'} aria-hidden="true">
      <span className="study-id-echo__label">You entered</span>
      <span className="study-id-echo__id">
        {groups.map((group, index) => (
          <span key={index}>
            <span className="study-id-echo__group">{group}</span>
            <wbr />
          </span>
        ))}
      </span>
    </p>
  );
}

export function StudyIdForm({ initialValue = '', notFound = false, onSubmit }: StudyIdFormProps) {
  const [value, setValue] = useState(initialValue);
  const studyId = value.trim();
  const valid = isV4Uuid(studyId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onSubmit(studyId.toLowerCase());
  };

  return (
    <form className="study-id-form" onSubmit={submit} noValidate>
      <TextField
        label="Study ID"
        name="pgId"
        value={value}
        onChange={setValue}
        error={valid ? undefined : STUDY_ID_FORMAT_MESSAGE}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        inputMode="text"
      />
      {studyId !== '' && <EnteredId value={studyId} always={notFound} />}
      <Button type="submit" disabled={!valid}>
        Submit
      </Button>
    </form>
  );
}
