import { isV4Uuid } from '@study/personality';
import { Button, TextField } from '@study/ui';
import { useState, type FormEvent } from 'react';

export const STUDY_ID_FORMAT_MESSAGE =
  'Enter the study ID you received when you authorized the project: 36 characters in the form xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx.';

export interface StudyIdFormProps {
  initialValue?: string;
  /** Receives the study ID in its canonical lower-case form. */
  onSubmit: (pgId: string) => void;
}

export function StudyIdForm({ initialValue = '', onSubmit }: StudyIdFormProps) {
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
      <Button type="submit" disabled={!valid}>
        Submit
      </Button>
    </form>
  );
}
