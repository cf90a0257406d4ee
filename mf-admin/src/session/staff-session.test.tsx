import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { ErrorCodes, routes, type ConsentVersionsOverview, type StaffSessionView } from '@study/contracts';
import { Button, Notice, Page } from '@study/ui';
import { useState } from 'react';
import { AdminApiError } from '../api/admin-api';
import { AdminNav } from '../components/AdminNav';
import { renderPage } from '../test-support/render';
import { requestsOf, serveAdminApi, type AdminHandler } from '../test-support/serve-admin-api';
import { staffSession } from '../test-support/staff-sessions';
import { TOOL_PAGES } from './capabilities';
import { StaffGate } from './StaffGate';
import { useStaffSession } from './staff-session';

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn(), startRegistration: jest.fn() }));
const startAuthenticationMock = startAuthentication as jest.MockedFunction<typeof startAuthentication>;

const OVERVIEW: ConsentVersionsOverview = {
  currentVersionId: 'v1',
  currentText: '# Study title',
  versions: [{ versionId: 'v1', hash: 'a'.repeat(64), publishedAt: '2026-01-01T09:00:00.000Z', latestConsents: 7 }],
  versionNotRecorded: 0,
  mustAgreeAgain: 0,
  generatedAt: '2026-03-02T09:00:00.000Z',
};

/** A tool of an owner's, as the pages make them: a draft, a read (Refresh) and a write (Publish) with the session's calls. */
function DraftTool() {
  const { client } = useStaffSession();
  const [draft, setDraft] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (call: () => Promise<unknown>, done: string) => {
    setOutcome(null);
    try {
      await call();
      setOutcome({ ok: true, text: done });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <>
      <label>
        Draft
        <textarea value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      <Button onClick={() => void run(() => client.call(routes.consentVersions, {}), 'Read.')}>Refresh</Button>
      <Button onClick={() => void run(() => client.call(routes.publishConsentVersion, { body: { text: draft } }), 'Published.')}>Publish</Button>
      {outcome && <Notice style={outcome.ok ? 'success' : 'danger'} title={outcome.text} />}
    </>
  );
}

function DraftPage() {
  return (
    <Page title="Drafts">
      <AdminNav />
      <StaffGate access={TOOL_PAGES.consentVersions}>
        <DraftTool />
      </StaffGate>
    </Page>
  );
}

const OWNER = staffSession('owner');
const CREDENTIAL = { id: 'cred-1', rawId: 'cred-1', type: 'public-key' as const, response: { clientDataJSON: 'x', authenticatorData: 'y', signature: 'z' }, clientExtensionResults: {} };

/** An owner's tool page, nobody signed in unless told, with the sign-in calls given. */
function renderConsentPage(handlers: Partial<Record<'staffSignIn' | 'passkeySignInOptions' | 'passkeySignIn', AdminHandler>> = {}, session: StaffSessionView | null = null) {
  const publish = jest.fn(async () => ({ outcome: 'unchanged', version: { versionId: 'v1', hash: 'a'.repeat(64), publishedAt: '2026-01-01T09:00:00.000Z' } }));
  const served = serveAdminApi({ consentVersions: async () => OVERVIEW, publishConsentVersion: publish, ...handlers }, { session });
  renderPage(<DraftPage />, '/consent-versions');
  return { served, publish };
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  await user.type(await screen.findByLabelText('E-mail'), 'Olive@Study.example');
  await user.type(screen.getByLabelText('Password'), 'a long and good password');
  await user.type(screen.getByLabelText('Code from your authenticator app'), code);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => startAuthenticationMock.mockReset());

describe('signing in where a tool is', () => {
  it('shows the sign-in form in place of the tools while nobody is signed in, then the tools once signed in', async () => {
    const signIn = jest.fn(async () => OWNER);
    const { served } = renderConsentPage({ staffSignIn: signIn });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByLabelText('Draft')).toBeNull();
    // Only the roster needs no sign-in.
    expect(within(screen.getByRole('navigation', { name: 'Study team tools' })).getAllByRole('link').map((link) => link.textContent)).toEqual(['Roster']);

    const user = userEvent.setup();
    await signInWithPassword(user, '123 456');
    expect(await screen.findByText('Signed in as Olive Owner (Owner)')).toBeTruthy();
    expect(await screen.findByLabelText('Draft')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    // The focus, which was in the form now gone, goes to the tools that took its place.
    expect(document.activeElement).toBe(screen.getByLabelText('Draft').closest('.admin-tools'));
    expect(signIn).toHaveBeenCalledWith(expect.objectContaining({ body: { email: 'Olive@Study.example', password: 'a long and good password', code: '123456' } }));
    expect(requestsOf(served).find((request) => request.url === '/api/admin/sign-in')?.credentials).toBe('same-origin');
  });

  it('names the fields left out, and sends nothing', async () => {
    const signIn = jest.fn(async () => OWNER);
    renderConsentPage({ staffSignIn: signIn });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByText('Enter the 6 digits your authenticator app shows now.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(signIn).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (401) and empties the code, which works only once", async () => {
    renderConsentPage({ staffSignIn: async () => Promise.reject(new AdminApiError('The e-mail, password or code is not right.', 401, ErrorCodes.SIGN_IN_FAILED)) });
    const user = userEvent.setup();
    await signInWithPassword(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are not signed in.');
    expect(alert.textContent).toContain('The e-mail, password or code is not right.');
    expect((screen.getByLabelText('Code from your authenticator app') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('Olive@Study.example');
  });

  it('says how long to wait when sign-in is locked (429 with Retry-After)', async () => {
    renderConsentPage({ staffSignIn: async () => Promise.reject(new AdminApiError('Too many failed sign-ins.', 429, ErrorCodes.SIGN_IN_LOCKED, 840)) });
    const user = userEvent.setup();
    await signInWithPassword(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many sign-in attempts.');
    expect(alert.textContent).toContain('Try again in 14 minutes.');
  });

  it('signs in with a passkey: the challenge, the browser ceremony, then the answer', async () => {
    startAuthenticationMock.mockResolvedValue(CREDENTIAL as never);
    const options = jest.fn(async () => ({ ceremony: 'c-1', options: { challenge: 'abc', rpId: 'localhost' } }));
    const answer = jest.fn(async () => OWNER);
    renderConsentPage({ passkeySignInOptions: options, passkeySignIn: answer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Signed in as Olive Owner (Owner)')).toBeTruthy();
    expect(startAuthenticationMock).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc', rpId: 'localhost' } });
    expect(answer).toHaveBeenCalledWith(expect.objectContaining({ body: { ceremony: 'c-1', credential: CREDENTIAL } }));
  });

  it('says so when the passkey request is cancelled, and stays signed out', async () => {
    startAuthenticationMock.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const answer = jest.fn(async () => OWNER);
    renderConsentPage({ passkeySignInOptions: async () => ({ ceremony: 'c-1', options: { challenge: 'abc' } }), passkeySignIn: answer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No passkey was used: the request was cancelled or timed out.');
    expect(answer).not.toHaveBeenCalled();
  });
});

describe('the staff session', () => {
  it('shows the sign-in form with a message when the session has ended, and the page as it was once signed in again', async () => {
    const { served } = renderConsentPage({ staffSignIn: async () => OWNER }, OWNER);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Draft'), 'Draft words.');
    served.server.expire();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    const ended = await screen.findByRole('alert');
    expect(ended.textContent).toContain('Your session has ended.');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Draft' })).toBeNull();
    expect(screen.queryByText(/Signed in as/)).toBeNull();

    await signInWithPassword(user);
    expect(((await screen.findByLabelText('Draft')) as HTMLTextAreaElement).value).toBe('Draft words.');
  });

  it('gives the page afresh to another person signing in after the session ended', async () => {
    const { served } = renderConsentPage({ staffSignIn: async () => staffSession('owner', { staff: { ...OWNER.staff, id: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f', name: 'Otto Other' } }) }, OWNER);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Draft'), 'Draft words.');
    served.server.expire();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await signInWithPassword(user);
    expect(await screen.findByText('Signed in as Otto Other (Owner)')).toBeTruthy();
    expect(((await screen.findByLabelText('Draft')) as HTMLTextAreaElement).value).toBe('');
  });

  it('signs out with the CSRF token and shows the sign-in form', async () => {
    const { served } = renderConsentPage({}, OWNER);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    const signOut = requestsOf(served).find((request) => request.url === '/api/admin/sign-out');
    expect(signOut).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'x-csrf-token': OWNER.csrfToken } });
    expect(served.server.session).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends the CSRF token with every POST, and takes the current one when the server refuses it', async () => {
    const { served, publish } = renderConsentPage({}, OWNER);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Draft'), 'Words.');
    // Signed in again in another tab: the browser's session, and its token, changed.
    served.server.session = { ...OWNER, csrfToken: 'csrf-of-the-new-session' };
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toContain('security token');
    expect(publish).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published.');
    expect(publish).toHaveBeenCalledTimes(1);
    const posts = requestsOf(served).filter((request) => request.url === '/api/admin/consent-versions' && request.method === 'POST');
    expect(posts.map((request) => request.headers['x-csrf-token'])).toEqual([OWNER.csrfToken, 'csrf-of-the-new-session']);
  });

  it('writes nothing to sessionStorage or localStorage across a sign-in and the calls after it', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    const { served } = renderConsentPage({ staffSignIn: async () => OWNER });
    const user = userEvent.setup();
    await signInWithPassword(user);
    await user.type(await screen.findByLabelText('Draft'), 'Words.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published.');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Read.');
    expect(requestsOf(served).map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /api/admin/session', 'POST /api/admin/sign-in', 'POST /api/admin/consent-versions', 'GET /api/admin/consent-versions']);
    expect(setItem).not.toHaveBeenCalled();
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('says when it cannot tell who is signed in, and tries again', async () => {
    const served = serveAdminApi({ staffSession: async () => Promise.reject(new AdminApiError('The service is starting.', 503)), consentVersions: async () => OVERVIEW });
    renderPage(<DraftPage />, '/consent-versions');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not check who is signed in.');
    expect(alert.textContent).toContain('The service is starting.');
    served.mockClear();
    const restored = serveAdminApi({ consentVersions: async () => OVERVIEW });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Draft')).toBeTruthy();
    expect(requestsOf(restored)[0]?.url).toBe('/api/admin/session');
  });
});
