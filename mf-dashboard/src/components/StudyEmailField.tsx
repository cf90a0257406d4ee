import './session.css';
import { useId } from 'react';
import { CopyButton } from './CopyButton';

export interface StudyEmailFieldProps {
  email: string;
  /** The copy button's label. */
  copyLabel?: string;
}

/** The study email in a read-only field (easy to select by hand too) with a copy button beside it. */
export function StudyEmailField({ email, copyLabel = 'Copy ID' }: StudyEmailFieldProps) {
  const id = useId();
  return (
    <div className="field study-email">
      <label className="field__label" htmlFor={id}>
        Your study email
      </label>
      <div className="study-email__row">
        {/* A text area so that the whole address shows on a phone, wrapped over two lines. */}
        <textarea
          id={id}
          className="field__input study-email__input"
          value={email}
          rows={2}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          autoComplete="off"
        />
        <CopyButton text={email} label={copyLabel} />
      </div>
    </div>
  );
}
