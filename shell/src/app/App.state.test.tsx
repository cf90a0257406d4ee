import { act, render, screen, within } from '@testing-library/react';
import { ClientStoreProvider, createClientStore, type ClientStore } from '@study/client-state';
import type { UserView } from '@study/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RemotesSource } from '../features/remotes';
import { App } from './App';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

function Where() {
  const { pathname } = useLocation();
  return <p>remote page at {pathname}</p>;
}

function RemoteRoutes() {
  return (
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

const source: RemotesSource = {
  fetchRemotes: async () => [
    { name: 'mf_dashboard', paths: ['/survey', '/typefinder', '/self-assessment'] },
    { name: 'mf_consent', paths: ['/consent', '/how-it-works'] },
    { name: 'mf_nardi', paths: ['/nardi'] },
  ],
  loadRoutes: async () => RemoteRoutes,
};

function userView(consent = true): UserView {
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

let store: ClientStore;
beforeEach(() => {
  store = createClientStore({ storage: null, events: null });
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});
afterEach(() => store.dispose());

/** Renders and lets the remote list arrive, so every update happens inside act(). */
async function renderAt(path: string) {
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(
      <ClientStoreProvider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <App remotesSource={source} />
        </MemoryRouter>
      </ClientStoreProvider>,
    );
  });
  return result as ReturnType<typeof render>;
}

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('the shell with the client store', () => {
  it("says 'Go to Dashboard' on the landing page and on Not Found once a study ID is stored", async () => {
    store.setPgId(PG_ID);
    const { unmount } = await renderAt('/');
    expect(mainNav().getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/survey');
    unmount();
    await renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeTruthy();
    expect(mainNav().getByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
  });

  it("switches to 'Go to Dashboard' as soon as the study ID arrives", async () => {
    await renderAt('/');
    expect(mainNav().getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    act(() => store.setPgId(PG_ID));
    expect(mainNav().getByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
  });

  it("shows 'I'm having trouble' on the consent form and 'Return to consent' on how-it-works", async () => {
    const { unmount } = await renderAt('/consent');
    expect(mainNav().getByRole('link', { name: "I'm having trouble" }).getAttribute('href')).toBe('/how-it-works');
    expect(mainNav().queryByRole('link', { name: /Dashboard/ })).toBeNull();
    unmount();
    await renderAt('/how-it-works');
    expect(mainNav().getByRole('link', { name: 'Return to consent' }).getAttribute('href')).toBe('/consent');
  });

  it('sends a survey route that is not due to the dashboard', async () => {
    store.loadStarted(PG_ID);
    store.loadSucceeded(userView());
    await renderAt('/nardi');
    expect(await screen.findByText('remote page at /survey')).toBeTruthy();
  });

  it('opens the survey that is due for an authorized participant', async () => {
    store.loadStarted(PG_ID);
    store.loadSucceeded(userView());
    await renderAt('/typefinder');
    expect(await screen.findByText('remote page at /typefinder')).toBeTruthy();
  });

  it('sends an unknown load status home and forgets it', async () => {
    const restored = createClientStore({
      storage: { getItem: () => JSON.stringify({ v: 1, pgId: PG_ID, load: { status: 'teleporting', message: '' } }), setItem: () => undefined, removeItem: () => undefined },
      events: null,
    });
    store.dispose();
    store = restored;
    await renderAt('/survey');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reveal Yourself!' })).toBeTruthy();
    expect(store.getState().load).toBeNull();
  });

  it('shows notices from the store for 5 seconds, as status or alert', async () => {
    jest.useFakeTimers();
    try {
      await renderAt('/');
      act(() => {
        store.notify({ topic: 'reset', message: 'Surveys reset for current user', style: 'success' });
        store.notify({ topic: 'other', message: 'Failed to update surveys for current user', style: 'danger' });
      });
      const notices = within(screen.getByRole('region', { name: 'Notices' }));
      expect(notices.getByRole('status').textContent).toContain('Surveys reset for current user');
      expect(notices.getByRole('alert').textContent).toContain('Failed to update surveys for current user');
      act(() => {
        jest.advanceTimersByTime(5000);
      });
      expect(notices.queryByRole('status')).toBeNull();
      expect(notices.queryByRole('alert')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('lets a notice be dismissed with its button', async () => {
    await renderAt('/');
    act(() => {
      store.notify({ topic: 'x', message: 'Hello there', style: 'info' });
    });
    act(() => screen.getByRole('button', { name: 'Dismiss: Hello there' }).click());
    expect(screen.queryByText('Hello there')).toBeNull();
  });
});
