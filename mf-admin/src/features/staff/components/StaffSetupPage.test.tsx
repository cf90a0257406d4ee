import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes } from '@study/contracts';
import { AdminApiError } from '../../../api/admin-api';
import { renderPage } from '../../../test-support/render';
import { requestsOf, serveAdminApi, type AdminHandler } from '../../../test-support/serve-admin-api';
import { staffSession } from '../../../test-support/staff-sessions';
import { StaffSetupPage } from './StaffSetupPage';
import QRCode from 'qrcode';

const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Study:dana%40study.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Study' };
const DANA = staffSession('data-manager');

function renderSetup(handlers: { staffSetupStart?: AdminHandler; staffSetupComplete?: AdminHandler } = {}) {
  const start = jest.fn(handlers.staffSetupStart ?? (async () => ENROLMENT));
  const complete = jest.fn(handlers.staffSetupComplete ?? (async () => DANA));
  const served = serveAdminApi({ staffSetupStart: start, staffSetupComplete: complete }, { session: null });
  renderPage(<StaffSetupPage />, '/staff-setup');
  return { served, start, complete };
}

async function enterSetupCode(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('E-mail'), ' dana@study.example ');
  await user.type(screen.getByLabelText('Set-up code'), 'K7QF-29XD-M4TP');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/staff-setup', () => {
  it('takes the e-mail and set-up code, shows the authenticator secret, then the password and a first code sign the person in', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    const { served, start, complete } = renderSetup();
    const user = userEvent.setup();
    await enterSetupCode(user);

    expect((await screen.findByTestId('totp-secret')).textContent).toBe(ENROLMENT.secret);
    expect(start).toHaveBeenCalledWith(expect.objectContaining({ body: { email: 'dana@study.example', setupCode: 'K7QF-29XD-M4TP' } }));
    expect(screen.getByRole('link', { name: 'open it in your authenticator app' }).getAttribute('href')).toBe(ENROLMENT.otpauthUri);
    expect(screen.getByText(ENROLMENT.otpauthUri)).toBeTruthy();
    // The QR code for a phone's app to scan holds the set-up address itself.
    const qr = await screen.findByRole('img', { name: 'QR code of the set-up address: scan it with your authenticator app.' });
    const svg = decodeURIComponent((qr.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    expect(svg).toBe(await QRCode.toString(ENROLMENT.otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    expect(svg).toMatch(/^<svg /);
    // The next step has the focus, so a keyboard or screen reader user goes on from there.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '2. Add the study to your authenticator app' }));

    await user.type(screen.getByLabelText('Password'), 'a long and good password');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
    expect(await screen.findByText('Your account is set up: you are signed in as Dana Data (Data manager).')).toBeTruthy();
    expect(screen.getByText('Signed in as Dana Data (Data manager)')).toBeTruthy();
    expect(complete).toHaveBeenCalledWith(expect.objectContaining({ body: { email: 'dana@study.example', setupCode: 'K7QF-29XD-M4TP', password: 'a long and good password', code: '654321' } }));
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect(served.server.session?.staff.name).toBe('Dana Data');
    expect(requestsOf(served).map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /api/admin/session', 'POST /api/admin/staff/setup', 'POST /api/admin/staff/setup/complete']);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('says when the set-up code is not right, and stays on the first step', async () => {
    renderSetup({ staffSetupStart: async () => Promise.reject(new AdminApiError('This set-up code is not right, has expired or was used already.', 400, ErrorCodes.SETUP_CODE_INVALID)) });
    const user = userEvent.setup();
    await enterSetupCode(user);
    expect((await screen.findByRole('alert')).textContent).toContain('This set-up code is not right, has expired or was used already.');
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it("shows why a password is too weak on the field, and keeps the secret", async () => {
    const { complete } = renderSetup({ staffSetupComplete: async () => Promise.reject(new AdminApiError('The password must have at least 12 characters.', 400, ErrorCodes.PASSWORD_TOO_WEAK)) });
    const user = userEvent.setup();
    await enterSetupCode(user);
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Choose another password.');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(screen.getAllByText('The password must have at least 12 characters.').find((element) => element.id)!.id);
    expect(screen.getByTestId('totp-secret').textContent).toBe(ENROLMENT.secret);
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('asks for the six digits before sending anything', async () => {
    const { complete } = renderSetup();
    const user = userEvent.setup();
    await enterSetupCode(user);
    await user.type(await screen.findByLabelText('Password'), 'a long and good password');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }));
    expect(screen.getByText('Enter the 6 digits your authenticator app shows now.')).toBeTruthy();
    expect(complete).not.toHaveBeenCalled();
  });
});
