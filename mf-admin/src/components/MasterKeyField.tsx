import { TextField } from '@study/ui';

export interface MasterKeyFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** The admin master key: a password field; kept for this browser tab only. */
export function MasterKeyField({ value, onChange }: MasterKeyFieldProps) {
  return (
    <TextField
      label="Master Key"
      type="password"
      name="masterKey"
      autoComplete="off"
      spellCheck={false}
      hint="Kept in this browser tab only, never in the page address."
      value={value}
      onChange={onChange}
    />
  );
}
