import { TextField } from '@study/ui';

export interface MasterKeyFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** The admin master key (the roster's form, as the spec has it): a password field, kept by this page only while it is open. */
export function MasterKeyField({ value, onChange }: MasterKeyFieldProps) {
  return (
    <TextField
      label="Master Key"
      type="password"
      name="masterKey"
      autoComplete="off"
      spellCheck={false}
      hint="Used for this download only: not stored in the browser, never in the page address."
      value={value}
      onChange={onChange}
    />
  );
}
