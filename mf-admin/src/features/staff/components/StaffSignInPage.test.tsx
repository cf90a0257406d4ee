import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../../test-support/render';
import { serveAdminApi } from '../../../test-support/serve-admin-api';
import { staffSession } from '../../../test-support/staff-sessions';
import { returnPath, StaffSignInPage } from './StaffSignInPage';

function renderSignIn(path: string) {
  serveAdminApi({ staffSignIn: async () => staffSession('viewer') }, { session: null });
  renderPage(
    <Routes>
      <Route path="/staff-sign-in" element={<StaffSignInPage />} />
      <Route path="/audit-trail" element={<p>The audit trail page</p>} />
    </Routes>,
    path,
  );
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail'), 'victor@study.example');
  await user.type(screen.getByLabelText('Password'), 'a long and good password');
  await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/staff-sign-in', () => {
  it("has the heading 'Sign in', and goes back to the page that sent the person here once signed in", async () => {
    renderSignIn('/staff-sign-in?next=%2Faudit-trail');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
    await signIn();
    expect(await screen.findByText('The audit trail page')).toBeTruthy();
  });

  it('stays, saying who is signed in, without a page to go back to', async () => {
    renderSignIn('/staff-sign-in');
    await signIn();
    expect(await screen.findByText('You are signed in as Victor Viewer (Viewer).')).toBeTruthy();
    expect(screen.getByText('Signed in as Victor Viewer (Viewer)')).toBeTruthy();
  });

  it('goes back only to the tools’ own pages', () => {
    expect(returnPath('/audit-trail')).toBe('/audit-trail');
    expect(returnPath('/staff')).toBe('/staff');
    expect(returnPath('https://elsewhere.example/')).toBeUndefined();
    expect(returnPath('//elsewhere.example')).toBeUndefined();
    expect(returnPath('/staff-sign-in')).toBeUndefined();
    expect(returnPath(null)).toBeUndefined();
  });
});
