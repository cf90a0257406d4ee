import { TextField } from '@study/ui';

/** The authenticator app's 6-digit code, as the sign-in and the set-up ask for it (numeric keyboard, the browser's one-time-code fill). */
export function TotpCodeField({ hint, value, onChange, error }: { hint: string; value: string; onChange: (value: string) => void; error?: string }) {
  return <TextField label="Code from your authenticator app" name="code" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} hint={hint} value={value} onChange={onChange} error={error} required />;
}
