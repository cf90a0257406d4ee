import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ConsentPage, type ConsentPageProps } from './ConsentPage';

const AUTHORIZE_URL = 'https://www.openhumans.org/direct-sharing/projects/oauth2/authorize/?client_id=abc&response_type=code';

function renderPage(props: ConsentPageProps) {
  return render(
    <MemoryRouter>
      <ConsentPage {...props} />
    </MemoryRouter>,
  );
}

function agreeButton() {
  return screen.getByRole('button', { name: 'Agree & Authorize Project' }) as HTMLButtonElement;
}

describe('ConsentPage', () => {
  it('enables Agree & Authorize Project only while the certification is ticked', async () => {
    renderPage({ authorization: { config: {}, openWindow: jest.fn() } });
    expect(agreeButton().disabled).toBe(true);
    const certify = screen.getByRole('checkbox', { name: /18 years of age or older/ });
    await userEvent.click(certify);
    expect(agreeButton().disabled).toBe(false);
    await userEvent.click(certify);
    expect(agreeButton().disabled).toBe(true);
  });

  it('has Disagree going home and a Print button', () => {
    renderPage({ authorization: { config: {}, openWindow: jest.fn() } });
    expect(screen.getByRole('link', { name: 'Disagree' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('opens the Open Humans page and waits for the authorization', async () => {
    const openWindow = jest.fn();
    renderPage({ authorization: { config: { openHumansAuthorizeUrl: AUTHORIZE_URL }, openWindow } });
    await userEvent.click(screen.getByRole('checkbox', { name: /18 years of age or older/ }));
    await userEvent.click(agreeButton());
    expect(openWindow).toHaveBeenCalledWith(AUTHORIZE_URL);
    expect(screen.getByRole('status').textContent).toContain('Waiting for OpenHumans Auth');
  });

  it('says so when no authorization URL is configured', async () => {
    const openWindow = jest.fn();
    renderPage({ authorization: { config: {}, openWindow } });
    await userEvent.click(screen.getByRole('checkbox', { name: /18 years of age or older/ }));
    await userEvent.click(agreeButton());
    expect(openWindow).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Authorization is not configured.');
  });
});
