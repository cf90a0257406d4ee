import { act, render, screen } from '@testing-library/react';
import { AUTHORIZATION_STATE_KEY, ClientStoreProvider, createClientStore, type ClientStore } from '@study/client-state';
import { CONFIRMATION_STORAGE_KEY } from '@study/open-humans-confirmation';
import type { ConsentResponse } from '@study/contracts';
import { ApiError } from '@study/ui';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { rememberAgreement } from '../../../lib/agreement';
import { QueryProvider } from '@study/query-provider';
import { serveConsentApi } from '../../../test-support/serve-consent-api';
import { AGREEMENT_NOT_FOUND, ReturnPage } from './ReturnPage';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const STORED = 'ab'.repeat(16);

function Dashboard() {
  const { pgId } = useParams();
  return <p>dashboard for {pgId}</p>;
}

let store: ClientStore;
let codeNumber = 0;
beforeEach(() => {
  store = createClientStore({ storage: null, events: null });
  localStorage.clear();
  localStorage.setItem(AUTHORIZATION_STATE_KEY, STORED);
  codeNumber++;
});
afterEach(() => store.dispose());

const AGREEMENT = { versionId: 'v2', adult: true } as const;

function renderAt(
  query: string,
  exchange: (code: string, state: string, agreement: { versionId: string; adult: true }) => Promise<ConsentResponse>,
  confirm: (code: string, state: string) => Promise<ConsentResponse> = async () => {
    throw new Error('not a confirmation');
  },
) {
  serveConsentApi({ exchange, confirm });
  render(
    <ClientStoreProvider store={store}>
      <QueryProvider>
        <MemoryRouter initialEntries={[`/return?${query}`]}>
          <Routes>
            <Route path="/return" element={<ReturnPage />} />
            <Route path="/survey/:pgId" element={<Dashboard />} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </ClientStoreProvider>,
  );
}

describe('ReturnPage', () => {
  it('finishes a confirmation (not a consent): asks for a session with the code and goes back where the participant was', async () => {
    localStorage.setItem(CONFIRMATION_STORAGE_KEY, JSON.stringify({ state: STORED, returnTo: `/survey/${PG_ID}` }));
    rememberAgreement(STORED, AGREEMENT);
    const exchange = jest.fn(async (): Promise<ConsentResponse> => ({ pgId: PG_ID }));
    const confirm = jest.fn(async (): Promise<ConsentResponse> => ({ pgId: PG_ID }));
    const code = `code-${codeNumber}`;
    renderAt(`code=${code}&state=${STORED}`, exchange, confirm);
    expect(await screen.findByText(`dashboard for ${PG_ID}`)).toBeTruthy();
    expect(confirm).toHaveBeenCalledWith(code, STORED);
    expect(exchange).not.toHaveBeenCalled();
  });

  it("shows the server's answer when the Open Humans account never joined the study", async () => {
    localStorage.setItem(CONFIRMATION_STORAGE_KEY, JSON.stringify({ state: STORED, returnTo: `/survey/${PG_ID}` }));
    const confirm = jest.fn(async (): Promise<ConsentResponse> => {
      throw new ApiError('This Open Humans account has not joined the study.', 404, 'NOT_A_PARTICIPANT');
    });
    renderAt(`code=code-${codeNumber}&state=${STORED}`, jest.fn(), confirm);
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('has not joined the study');
  });

  it('sends the consent version and the 18+ certification agreed to on /consent for this request', async () => {
    rememberAgreement(STORED, { versionId: 'v2', adult: true });
    const exchange = jest.fn(async (): Promise<ConsentResponse> => ({ pgId: PG_ID }));
    const code = `code-${codeNumber}`;
    renderAt(`code=${code}&state=${STORED}`, exchange);
    expect(await screen.findByText(`dashboard for ${PG_ID}`)).toBeTruthy();
    expect(exchange).toHaveBeenCalledWith(code, STORED, { versionId: 'v2', adult: true });
  });

  it.each([
    ['belongs to another request', () => rememberAgreement('cd'.repeat(16), AGREEMENT)],
    ['is missing (storage blocked or cleared)', () => undefined],
  ])('sends nothing and says to agree again when the agreement kept %s', async (_what, keep) => {
    keep();
    const exchange = jest.fn(async (): Promise<ConsentResponse> => ({ pgId: PG_ID }));
    renderAt(`code=code-${codeNumber}&state=${STORED}`, exchange);
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(AGREEMENT_NOT_FOUND);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/consent');
    expect(exchange).not.toHaveBeenCalled();
  });

  it("shows 'Loading...', exchanges the code, stores the study ID and opens /survey/{pgId}", async () => {
    rememberAgreement(STORED, AGREEMENT);
    let answer!: (value: ConsentResponse) => void;
    const exchange = jest.fn(() => new Promise<ConsentResponse>((resolve) => (answer = resolve)));
    const code = `code-${codeNumber}`;
    renderAt(`code=${code}&state=${STORED}`, exchange);
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(exchange).toHaveBeenCalledWith(code, STORED, AGREEMENT);
    await act(async () => answer({ pgId: PG_ID }));
    expect(await screen.findByText(`dashboard for ${PG_ID}`)).toBeTruthy();
    expect(store.getState()).toMatchObject({ pgId: PG_ID, authorization: { state: STORED, pgId: PG_ID } });
  });

  it("shows 'An error occurred', the server's message and a Back link to /consent when the exchange fails", async () => {
    rememberAgreement(STORED, AGREEMENT);
    const exchange = jest.fn(async (): Promise<ConsentResponse> => {
      throw new ApiError('Open Humans did not accept this authorization: it may have expired or been used already. Please authorize again.', 400, 'OH_CODE_REJECTED');
    });
    renderAt(`code=used-${codeNumber}&state=${STORED}`, exchange);
    expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('it may have expired or been used already');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/consent');
    expect(store.getState().pgId).toBeNull();
  });

  it.each([
    ['a forged state', `code=c&state=${'cd'.repeat(16)}`, 'does not belong to a sign-in started in this browser'],
    ['no state', 'code=c', 'carries no security token'],
    ['an error from Open Humans', `error=access_denied&state=${STORED}`, 'The authorization was cancelled on Open Humans'],
  ])('refuses %s without posting anything', (_what, query, reason) => {
    const exchange = jest.fn();
    renderAt(query, exchange);
    expect(screen.getByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(reason);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/consent');
    expect(exchange).not.toHaveBeenCalled();
  });
});
