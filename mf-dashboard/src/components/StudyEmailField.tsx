import './session.css';
import { EmailAddress } from '@study/ui';
import { useId } from 'react';
import { CopyButton } from './CopyButton';

export interface StudyEmailFieldProps {
  email: string;
  /** The copy button's label. */
  copyLabel?: string;
}

/**
 * The study email, read-only (one tap selects all of it, to copy by hand too), with a copy button
 * beside it. It wraps only before the '@', so the study ID part is always read whole.
 */
export function StudyEmailField({ email, copyLabel = 'Copy ID' }: StudyEmailFieldProps) {
  const id = useId();
  return (
    <div className="field study-email">
      <label className="field__label" htmlFor={id}>
        Your study email
      </label>
      <div className="study-email__row">
        <output id={id} className="field__input study-email__input" aria-live="off">
          <EmailAddress address={email} />
        </output>
        <CopyButton text={email} label={copyLabel} />
      </div>
    </div>
  );
}
