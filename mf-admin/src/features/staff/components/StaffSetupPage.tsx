import '../../../components/admin.css';
import './staff.css';
import { ErrorCodes, type StaffSetupStartResponse } from '@study/contracts';
import { ADMIN_REMOTE } from '@study/navigation';
import { Button, Notice, Page, Spinner, TextField } from '@study/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AdminApiError } from '../../../api/admin-api';
import { AdminNav } from '../../../components/AdminNav';
import { ROLE_LABELS } from '../../../session/capabilities';
import { completeStaffSetup, startStaffSetup } from '../../../session/session-api';
import { useStaffSession } from '../../../session/staff-session';
import { CODE_PATTERN, codeDigits } from '../../../session/wait-text';
import { TotpCodeField } from '../../../session/TotpCodeField';
import { TotpQrCode } from './TotpQrCode';
import { messageOf } from '../../../lib/message-of';

const { pages } = ADMIN_REMOTE;

type Step =
  | { step: 'code' }
  | { step: 'app'; email: string; setupCode: string; enrolment: StaffSetupStartResponse }
  | { step: 'done'; name: string; role: string };
type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string; weakPassword: boolean; codeSpent: boolean };
type FieldErrors = { email?: string; setupCode?: string; password?: string; code?: string };


function failureOf(error: unknown): Extract<Sending, { state: 'failed' }> {
  const code = error instanceof AdminApiError ? error.code : undefined;
  return { state: 'failed', message: messageOf(error), weakPassword: code === ErrorCodes.PASSWORD_TOO_WEAK, codeSpent: code === ErrorCodes.SETUP_CODE_INVALID };
}

/** The first step: the e-mail the owner added and the one-time set-up code they gave. */
function SetupCodeForm({ onStarted }: { onStarted: (email: string, setupCode: string, enrolment: StaffSetupStartResponse) => void }) {
  const [email, setEmail] = useState('');
  const [setupCode, setSetupCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState<Sending>({ state: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.state === 'sending') return;
    const found: FieldErrors = { email: email.trim() === '' ? 'Enter the e-mail address you were added with.' : undefined, setupCode: setupCode.trim() === '' ? 'Enter the set-up code you were given.' : undefined };
    setErrors(found);
    if (found.email || found.setupCode) return;
    setSending({ state: 'sending' });
    try {
      const enrolment = await startStaffSetup({ email: email.trim(), setupCode: setupCode.trim() });
      onStarted(email.trim(), setupCode.trim(), enrolment);
    } catch (error) {
      setSending(failureOf(error));
    }
  };

  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="setup-code-title">
      <h2 id="setup-code-title">1. Your set-up code</h2>
      <p className="admin-help">An owner of the study team added you and gave you a one-time set-up code. It works once, for 72 hours.</p>
      <TextField label="E-mail" type="email" name="email" autoComplete="username" spellCheck={false} value={email} onChange={setEmail} error={errors.email} required />
      <TextField label="Set-up code" name="setupCode" autoComplete="off" spellCheck={false} value={setupCode} onChange={setSetupCode} error={errors.setupCode} required />
      <div className="btn-row">
        <Button type="submit" disabled={sending.state === 'sending'}>
          Continue
        </Button>
      </div>
      {sending.state === 'sending' && <Spinner label="Checking the code..." />}
      {sending.state === 'failed' && (
        <Notice style="danger" title="The set-up could not start.">
          <p>{sending.message}</p>
        </Notice>
      )}
    </form>
  );
}

/** The second step: the authenticator app's secret to add, then a password and the app's first code. */
function PasswordForm({ email, setupCode, enrolment, onDone, onRestart }: { email: string; setupCode: string; enrolment: StaffSetupStartResponse; onDone: (name: string, role: string) => void; onRestart: () => void }) {
  const { signedIn } = useStaffSession();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces the first one: a keyboard or screen reader user goes on from its heading.
  useEffect(() => heading.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.state === 'sending') return;
    const digits = codeDigits(code);
    const found: FieldErrors = { password: password === '' ? 'Choose a password.' : undefined, code: CODE_PATTERN.test(digits) ? undefined : 'Enter the 6 digits your authenticator app shows now.' };
    setErrors(found);
    if (found.password || found.code) return;
    setSending({ state: 'sending' });
    try {
      const session = await completeStaffSetup({ email, setupCode, password, code: digits });
      signedIn(session);
      onDone(session.staff.name, ROLE_LABELS[session.staff.role]);
    } catch (error) {
      const failure = failureOf(error);
      setCode('');
      setErrors({ password: failure.weakPassword ? failure.message : undefined });
      setSending(failure);
    }
  };

  return (
    <>
      <section className="card" aria-labelledby="setup-app-title">
        <h2 id="setup-app-title" ref={heading} tabIndex={-1}>
          2. Add the study to your authenticator app
        </h2>
        <p>In your authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis), scan this code:</p>
        <TotpQrCode otpauthUri={enrolment.otpauthUri} />
        <p>Or add an account with this secret key, time-based:</p>
        <p className="staff-secret">
          <code data-testid="totp-secret">{enrolment.secret}</code>
        </p>
        <p className="admin-help">
          On this phone or computer: <a href={enrolment.otpauthUri}>open it in your authenticator app</a>. Keep the secret to yourself; it is not shown again.
        </p>
        <details className="staff-uri">
          <summary>The set-up address, as text</summary>
          <code>{enrolment.otpauthUri}</code>
        </details>
      </section>
      <form className="card admin-section" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="setup-password-title">
        <h2 id="setup-password-title">3. Choose your password</h2>
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint="At least 12 characters; not a common password, and not your e-mail or name."
          value={password}
          onChange={setPassword}
          error={errors.password}
          required
        />
        <TotpCodeField hint="The 6 digits the app now shows for the study." value={code} onChange={setCode} error={errors.code} />
        <div className="btn-row">
          <Button type="submit" disabled={sending.state === 'sending'}>
            Finish set-up
          </Button>
        </div>
        {sending.state === 'sending' && <Spinner label="Setting up your account..." />}
        {sending.state === 'failed' && (
          <Notice style="danger" title={sending.weakPassword ? 'Choose another password.' : 'The set-up could not finish.'}>
            <p>{sending.message}</p>
            {sending.codeSpent && (
              <Button variant="secondary" onClick={onRestart}>
                Start again
              </Button>
            )}
          </Notice>
        )}
      </form>
    </>
  );
}

/** /staff-setup: a person an owner added chooses an authenticator app and a password with their one-time code, and is signed in. */
export function StaffSetupPage() {
  const [step, setStep] = useState<Step>({ step: 'code' });
  return (
    <Page title="Set up your account" lead="Three steps: your set-up code, your authenticator app, your password. Then you are signed in.">
      <AdminNav />
      {step.step === 'code' && <SetupCodeForm onStarted={(email, setupCode, enrolment) => setStep({ step: 'app', email, setupCode, enrolment })} />}
      {step.step === 'app' && <PasswordForm email={step.email} setupCode={step.setupCode} enrolment={step.enrolment} onDone={(name, role) => setStep({ step: 'done', name, role })} onRestart={() => setStep({ step: 'code' })} />}
      {step.step === 'done' && (
        <Notice style="success" title={`Your account is set up: you are signed in as ${step.name} (${step.role}).`}>
          <p>
            Choose a tool above. To sign in without typing a code next time, <Link to={pages.staff}>add a passkey</Link> on the Staff page.
          </p>
        </Notice>
      )}
    </Page>
  );
}
