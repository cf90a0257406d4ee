import { ErrorCodes, type StaffSessionView } from '@study/contracts';
import { Button, Notice, Spinner, TextField } from '@study/ui';
import { useId, useState, type FormEvent } from 'react';
import { AdminApiError } from '../api/admin-api';
import { useStaffSession, type SignedOutReason } from './staff-session';
import { CODE_PATTERN, codeDigits, waitText } from './wait-text';
import { TotpCodeField } from './TotpCodeField';
import { messageOf } from '../lib/message-of';

type Attempt = { state: 'idle' } | { state: 'signing-in'; by: 'password' | 'passkey' } | { state: 'failed'; title: string; message: string };
type FieldErrors = { email?: string; password?: string; code?: string };

/** A refused sign-in as the person reads it: locked out for a while (with the wait), or not right. */
function failureOf(error: unknown): Extract<Attempt, { state: 'failed' }> {
  const message = messageOf(error);
  if (error instanceof AdminApiError && error.status === 429) {
    return {
      state: 'failed',
      title: 'Too many sign-in attempts.',
      message: error.retryAfterSeconds === undefined ? message : `Signing in is paused for this account or this address. Try again in ${waitText(error.retryAfterSeconds)}.`,
    };
  }
  if (error instanceof AdminApiError && error.code === ErrorCodes.SIGN_IN_FAILED) return { state: 'failed', title: 'You are not signed in.', message };
  return { state: 'failed', title: 'You could not be signed in.', message };
}

const REASONS: Record<SignedOutReason, { style: 'info' | 'warning'; title: string; text: string } | null> = {
  none: null,
  expired: { style: 'warning', title: 'Your session has ended.', text: 'A session ends after 30 minutes without use, or 12 hours after signing in. Sign in again to go on where you were.' },
  ended: { style: 'warning', title: 'You are no longer signed in.', text: 'The session was ended (signed out on another page, perhaps). Sign in again to go on.' },
  'signed-out': { style: 'info', title: 'You have signed out.', text: 'Sign in again to use the study team’s tools.' },
};

export interface SignInFormProps {
  /** Why the form is shown, for the message above it. */
  reason?: SignedOutReason;
  /** 'Sign in' as a heading of its own (where the page's heading says something else). */
  withHeading?: boolean;
  /** Told of the session once signed in. */
  onSignedIn?: (session: StaffSessionView) => void;
}

/** Signing in as a person of the study team: e-mail, password and the authenticator app's code, or a passkey. */
export function SignInForm({ reason = 'none', withHeading = false, onSignedIn }: SignInFormProps) {
  const { signIn, signInWithPasskey } = useStaffSession();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' });
  const busy = attempt.state === 'signing-in';
  const notice = REASONS[reason];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const digits = codeDigits(code);
    const found: FieldErrors = {
      email: email.trim() === '' ? 'Enter your e-mail address.' : undefined,
      password: password === '' ? 'Enter your password.' : undefined,
      code: CODE_PATTERN.test(digits) ? undefined : 'Enter the 6 digits your authenticator app shows now.',
    };
    setErrors(found);
    if (found.email || found.password || found.code) return;
    setAttempt({ state: 'signing-in', by: 'password' });
    try {
      const session = await signIn({ email: email.trim(), password, code: digits });
      onSignedIn?.(session);
    } catch (error) {
      // A code works once: the next try needs the app's next one.
      setCode('');
      setAttempt(failureOf(error));
    }
  };

  const signInWithAPasskey = async () => {
    if (busy) return;
    setErrors({});
    setAttempt({ state: 'signing-in', by: 'passkey' });
    try {
      const session = await signInWithPasskey();
      onSignedIn?.(session);
    } catch (error) {
      setAttempt(failureOf(error));
    }
  };

  return (
    <section className="card staff-sign-in" aria-labelledby={withHeading ? headingId : undefined} aria-label={withHeading ? undefined : 'Sign in'}>
      {withHeading && <h2 id={headingId}>Sign in</h2>}
      {notice && (
        <Notice style={notice.style} title={notice.title}>
          <p>{notice.text}</p>
        </Notice>
      )}
      <p className="admin-help">Sign in with your own study team account: your e-mail, your password and the code your authenticator app shows, or a passkey.</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in with e-mail, password and code">
        <TextField label="E-mail" type="email" name="email" autoComplete="username" spellCheck={false} value={email} onChange={setEmail} error={errors.email} required />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} error={errors.password} required />
        <TotpCodeField hint="6 digits; a new code every 30 seconds." value={code} onChange={setCode} error={errors.code} />
        <div className="btn-row">
          <Button type="submit" disabled={busy}>
            Sign in
          </Button>
        </div>
      </form>
      <div className="staff-sign-in__passkey">
        <p className="admin-help">Or, with a passkey added to your account:</p>
        <Button variant="secondary" onClick={() => void signInWithAPasskey()} disabled={busy}>
          Sign in with a passkey
        </Button>
      </div>
      {busy && <Spinner label={attempt.by === 'passkey' ? 'Waiting for your passkey...' : 'Signing in...'} />}
      {attempt.state === 'failed' && (
        <Notice style="danger" title={attempt.title}>
          <p>{attempt.message}</p>
        </Notice>
      )}
    </section>
  );
}
