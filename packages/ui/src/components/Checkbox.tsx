import { useId, type ReactNode } from 'react';

export interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  name?: string;
}

export function Checkbox({ checked, onChange, children, name }: CheckboxProps) {
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} name={name} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}
