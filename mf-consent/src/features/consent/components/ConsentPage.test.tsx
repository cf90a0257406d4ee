import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientStoreProvider, createClientStore, type ClientStore } from '@study/client-state';
import type { ConsentTextView, UserView } from '@study/contracts';
import { MemoryRouter } from 'react-router-dom';
import { AGREEMENT_STORAGE_KEY } from '../../../lib/agreement';
import { QueryProvider } from '@study/query-provider';
import { serveConsentApi } from '../../../test-support/serve-consent-api';
import type { AuthorizationWindow } from '../api/authorization';
import { ConsentPage } from './ConsentPage';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const STATE = 'ab'.repeat(16);
const CONSENT_TEXT: ConsentTextView = {
  versionId: 'v3',
  hash: 'c'.repeat(64),
  publishedAt: '2026-03-01T12:00:00.000Z',
  text: '# 1. Invitation\n\nYou are invited.\n\n# 7. Possible risks and discomforts\n\n- **Privacy.** Genetic data is unique to you.',
};

let store: ClientStore;
let browser: AuthorizationWindow & { open: jest.Mock; beginRequest: jest.Mock };
beforeEach(() => {
  store = createClientStore({ storage: null, events: null });
  browser = { beginRequest: jest.fn(() => STATE), open: jest.fn() };
});
afterEach(() => store.dispose());

async function renderPage(loadConsentText: () => Promise<ConsentTextView> = async () => CONSENT_TEXT) {
  serveConsentApi({ fetchConsentText: loadConsentText });
  await act(async () => {
    render(
      <ClientStoreProvider store={store}>
        <QueryProvider>
          <MemoryRouter>
            <ConsentPage authorizationWindow={browser} contactEmail="team@study.example.org" />
          </MemoryRouter>
        </QueryProvider>
      </ClientStoreProvider>,
    );
  });
  // The text comes through fetch: the form is as the test expects it once it is answered.
  await waitFor(() => expect(screen.queryByText('Loading the consent text...')).toBeNull());
}

function agreeButton() {
  return screen.getByRole('button', { name: 'Agree & Authorize Project' }) as HTMLButtonElement;
}

async function agree() {
  await userEvent.click(screen.getByRole('checkbox', { name: /18 years of age or older/ }));
  await userEvent.click(agreeButton());
}

function userView(consent: boolean): UserView {
  const pending = <K extends 'typeFinder' | 'nardi' | 'selfAssessment' | 'mbti'>(id: K) => ({ id, status: 'pending' as const, index: 0, answers: [] });
  return {
    access: { pgId: PG_ID, consent, dataReady: false, snpFileUploaded: true },
    typeFinder: pending('typeFinder'),
    nardi: pending('nardi'),
    selfAssessment: pending('selfAssessment'),
    mbti: pending('mbti'),
    finalScore: null,
  };
}

describe('ConsentPage', () => {
  it('keeps the consent text, a Print button, Disagree going home and a ticking clock', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: '7. Possible risks and discomforts' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Disagree' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Date and time:')).toBeTruthy();
  });

  it("shows the server's current consent text with its version id, and the research team's address", async () => {
    await renderPage();
    expect(screen.getByText('v3').closest('p')?.textContent).toBe('Consent version v3');
    expect(screen.getByText('Privacy.').tagName).toBe('STRONG');
    // jsdom's names put a space between the address's parts; a browser's does not (the browser tests check it).
    const contact = screen.getByRole('link', { name: /^team\s?@study\.example\.org$/ });
    expect(contact.getAttribute('href')).toBe('mailto:team@study.example.org');
    expect(contact.textContent).toBe('team@study.example.org');
    // It wraps only before the '@', never at a hyphen or a dot.
    expect([...contact.querySelectorAll('.email-address__part')].map((part) => part.textContent)).toEqual(['team', '@study.example.org']);
  });

  it('cannot be agreed to while the text is missing, and offers to load it again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('Service unavailable')).mockResolvedValue(CONSENT_TEXT);
    await renderPage(load);
    expect(screen.getByText('Service unavailable')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /18 years of age or older/ }));
    expect(agreeButton().disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('v3')).toBeTruthy();
    expect(agreeButton().disabled).toBe(false);
  });

  it('keeps the version agreed to and the 18+ certification with the authorization request, for /return', async () => {
    localStorage.clear();
    await renderPage();
    await agree();
    expect(JSON.parse(localStorage.getItem(AGREEMENT_STORAGE_KEY) ?? 'null')).toEqual({ state: STATE, versionId: 'v3', adult: true });
  });

  it('enables Agree & Authorize Project only while the certification is ticked', async () => {
    await renderPage();
    expect(agreeButton().disabled).toBe(true);
    const certify = screen.getByRole('checkbox', { name: /18 years of age or older/ });
    await userEvent.click(certify);
    expect(agreeButton().disabled).toBe(false);
    await userEvent.click(certify);
    expect(agreeButton().disabled).toBe(true);
  });

  it('opens the start of the authorization with a fresh state in a new tab, then waits', async () => {
    await renderPage();
    await agree();
    expect(browser.beginRequest).toHaveBeenCalledTimes(1);
    expect(browser.open).toHaveBeenCalledWith(`/api/authorization?state=${STATE}`);
    expect(screen.getByRole('status').textContent).toContain('Waiting for OpenHumans Auth');
    expect(screen.getByRole('link', { name: 'open the Open Humans authorization page' }).getAttribute('href')).toBe(`/api/authorization?state=${STATE}`);
    expect(screen.queryByRole('button', { name: 'Agree & Authorize Project' })).toBeNull();
  });

  it('signs out on a shared computer: the study ID is forgotten and the form comes back', async () => {
    store.setPgId(PG_ID);
    await renderPage();
    await act(async () => {
      screen.getByRole('button', { name: 'Sign out' }).click();
    });
    expect(store.getState().pgId).toBeNull();
    expect(screen.queryByText('Already Logged In')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /18 years of age or older/ })).toBeTruthy();
  });

  it("notices when the other tab finishes this authorization and offers 'Continue to Dashboard'", async () => {
    await renderPage();
    await agree();
    // Another authorization (an older request) finishing does not count.
    act(() => store.completeAuthorization({ state: 'cd'.repeat(16), pgId: PG_ID }));
    expect(screen.queryByRole('link', { name: 'Continue to Dashboard' })).toBeNull();
    act(() => store.completeAuthorization({ state: STATE, pgId: PG_ID }));
    expect(screen.getByRole('link', { name: 'Continue to Dashboard' }).getAttribute('href')).toBe('/survey');
    expect(screen.getByText('Authorization complete')).toBeTruthy();
    expect(screen.getByText(PG_ID)).toBeTruthy();
  });

  it('says why when this browser cannot keep the request, and opens nothing', async () => {
    browser.beginRequest.mockImplementation(() => {
      throw new Error('This browser does not let the site remember the sign-in request (blocked). Allow site data for this site and try again.');
    });
    await renderPage();
    await agree();
    expect(browser.open).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Allow site data for this site and try again.');
  });

  it("shows 'Already Logged In' with 'Continue to Dashboard' when a study ID is stored", async () => {
    store.setPgId(PG_ID);
    await renderPage();
    expect(screen.getByText('Already Logged In')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to Dashboard' }).getAttribute('href')).toBe('/survey');
    expect(screen.queryByRole('button', { name: 'Agree & Authorize Project' })).toBeNull();
    // Nothing to submit, so nothing to tick.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('offers the authorization again when the stored study ID lost its consent', async () => {
    store.loadStarted(PG_ID);
    store.loadSucceeded(userView(false));
    await renderPage();
    expect(screen.queryByText('Already Logged In')).toBeNull();
    expect(screen.getByText('Please authorize the project again')).toBeTruthy();
    await agree();
    expect(browser.open).toHaveBeenCalled();
  });
});
