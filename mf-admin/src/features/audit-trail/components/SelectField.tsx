import { useId } from 'react';

/** A labelled select in the look of @study/ui's TextField, with its error under it. */
export function SelectField({ label, value, onChange, options, error }: { label: string; value: string; onChange: (value: string) => void; options: readonly [string, string][]; error?: string }) {
  const id = useId();
  return (
    <div className={['field', error ? 'field--error' : null].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
