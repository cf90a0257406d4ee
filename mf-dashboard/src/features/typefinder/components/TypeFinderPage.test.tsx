import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStore } from '@study/client-state';
import { TYPEFINDER_NO_MATCH_MESSAGE } from '@study/contracts';
import { ApiError } from '@study/ui';
import { deferred, PG_ID, renderScreen, SETTINGS, storeWith, STUDY_EMAIL, survey, userView, WIDGET_URL, type DashboardApi } from '../../../test-support/participant-fixtures';
import { SUBMIT_FAILED_ADVICE, TypeFinderPage } from './TypeFinderPage';

type FakeApi = DashboardApi & Record<'fetchUser' | 'fetchSettings' | 'submitResults', jest.Mock>;

function fakeApi(overrides: Partial<DashboardApi> = {}): FakeApi {
  return {
    fetchUser: jest.fn(async () => userView({ typeFinder: survey('typeFinder', 'completed', { typeCode: 'INTJ' }) })),
    fetchSettings: jest.fn(async () => SETTINGS),
    submitResults: jest.fn(async () => ({ typeCode: 'INTJ' })),
    ...overrides,
  } as FakeApi;
}

let store: ClientStore;
beforeEach(() => {
  store = storeWith();
});
afterEach(() => store.dispose());

/** Opens /typefinder once the settings (the study email, the widget) are in. */
async function open(api: DashboardApi) {
  await renderScreen(store, '/typefinder', <TypeFinderPage />, api);
  await waitFor(() => expect(screen.queryByText('Loading the TypeFinder test...')).toBeNull());
}

describe('/typefinder', () => {
  it('embeds the provider widget at its own address (no study email in it), and shows the email with a Copy ID button', async () => {
    await open(fakeApi());
    const frame = screen.getByTitle('TypeFinder personality test') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    const src = new URL(frame.src);
    expect(`${src.origin}${src.pathname}`).toBe(WIDGET_URL);
    expect(frame.src).not.toContain(STUDY_EMAIL.split('@')[0]);
    expect(screen.getByLabelText('Your study email').textContent).toBe(STUDY_EMAIL);
    expect(screen.getByLabelText('Your study email').tagName).toBe('OUTPUT');
    expect(screen.getByRole('button', { name: 'Copy ID' })).toBeTruthy();
  });

  it('Copy ID copies the study email', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      await open(fakeApi());
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Copy ID' }));
      });
      expect(writeText).toHaveBeenCalledWith(STUDY_EMAIL);
      expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    }
  });

  it('Submit Results completes the survey with the type found, loads the participant again and goes to /survey', async () => {
    const claim = deferred<{ typeCode: string }>();
    const api = fakeApi({ submitResults: jest.fn(() => claim.promise) });
    await open(api);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Results' }));
    expect(api.submitResults).toHaveBeenCalledWith(PG_ID);
    expect((screen.getByRole('button', { name: 'Submit Results' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Looking up your results...')).toBeTruthy();
    await act(async () => claim.resolve({ typeCode: 'INTJ' }));
    expect(api.fetchUser).toHaveBeenCalledWith(PG_ID);
    expect(store.getState().surveys.typeFinder).toEqual({ id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'INTJ' });
    expect(store.getState().notices).toEqual([]);
    expect(screen.getByText('now at /survey')).toBeTruthy();
  });

  it("without a result for the study email it stays on the page with the server's message and what to do beside the button, until the next try", async () => {
    let calls = 0;
    const second = deferred<{ typeCode: string }>();
    const api = fakeApi({
      submitResults: jest.fn(() => {
        calls += 1;
        return calls === 1 ? Promise.reject(new ApiError(TYPEFINDER_NO_MATCH_MESSAGE, 404, 'TYPEFINDER_NO_MATCH')) : second.promise;
      }),
    });
    await open(api);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Results' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(TYPEFINDER_NO_MATCH_MESSAGE);
    expect(alert.textContent).toContain(SUBMIT_FAILED_ADVICE);
    // Inline, beside the button: no passing notice, and no move away from the study email and the test.
    expect(store.getState().notices).toEqual([]);
    expect(screen.queryByText(/^now at/)).toBeNull();
    expect(screen.getByLabelText('Your study email').textContent).toBe(STUDY_EMAIL);
    expect(store.getState().surveys.typeFinder.status).toBe('pending');
    expect(api.fetchUser).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Submit Results' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();

    // The message stays until the next try, which clears it; that one succeeds and goes on.
    await userEvent.click(button);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => second.resolve({ typeCode: 'ESTP' }));
    expect(screen.getByText('now at /survey')).toBeTruthy();
  });

  it('says so, and offers no Submit Results, when the deployment names no widget', async () => {
    const { typeFinderWidgetUrl: _none, ...withoutWidget } = SETTINGS;
    await open(fakeApi({ fetchSettings: jest.fn(async () => withoutWidget) }));
    expect(screen.getByText('The TypeFinder test is not available here.')).toBeTruthy();
    expect(screen.queryByTitle('TypeFinder personality test')).toBeNull();
    expect((screen.getByRole('button', { name: 'Submit Results' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's message when the settings cannot be loaded", async () => {
    await open(fakeApi({ fetchSettings: jest.fn(async () => Promise.reject(new ApiError('Service unavailable', 503))) }));
    expect(screen.getByText('The TypeFinder test could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
  });

  it('asks for the study ID first when none is known', async () => {
    store.dispose();
    store = storeWith(null);
    store.loadFailed(PG_ID, 'No participant with this study ID. (HTTP 404)');
    await open(fakeApi());
    expect(screen.getByText('We do not know your study ID yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Dashboard' }).getAttribute('href')).toBe('/survey');
  });
});
