// Shared by the component tests of the assessment screens: a participant, a store that holds
// them, and a router around the screen that shows where it navigated to, with the remote's query
// client and the study's API answered by the test's fakes.
import { act, render } from '@testing-library/react';
import { ClientStoreProvider, createClientStore, type ClientStore } from '@study/client-state';
import type { Settings, SurveyState, UserView } from '@study/contracts';
import { createQueryClient } from '@study/query-provider';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { serveDashboardApi, type DashboardApi } from './serve-dashboard-api';

export type { DashboardApi };

export const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
export const EMAIL_HOST = 'study.example.org';
export const STUDY_EMAIL = `${PG_ID}@${EMAIL_HOST}`;
export const WIDGET_URL = 'https://typefinder.example.com/widget';
export const SETTINGS: Settings = {
  resetSurveysEnabled: false,
  studyEmailHost: EMAIL_HOST,
  typeFinderWidgetUrl: WIDGET_URL,
};

export function survey<K extends SurveyState['id']>(id: K, status: SurveyState['status'] = 'pending', extra: Partial<SurveyState> = {}): SurveyState & { id: K } {
  return { id, status, index: 0, answers: [], ...extra } as SurveyState & { id: K };
}

export function userView(overrides: Partial<UserView> = {}, access: Partial<UserView['access']> = {}): UserView {
  return {
    access: { pgId: PG_ID, consent: true, dataReady: false, snpFileUploaded: true, ...access },
    typeFinder: survey('typeFinder'),
    nardi: survey('nardi'),
    selfAssessment: survey('selfAssessment'),
    mbti: survey('mbti'),
    finalScore: null,
    ...overrides,
  } as UserView;
}

/** A store (in memory only) holding a loaded participant. */
export function storeWith(user: UserView | null = userView()): ClientStore {
  const store = createClientStore({ storage: null, events: null });
  store.loadStarted(PG_ID);
  if (user) store.loadSucceeded(user);
  return store;
}

function Where() {
  return <p data-testid="location">now at {useLocation().pathname}</p>;
}

/** The providers a screen of the remote runs in: the store given and a query client of its own (nothing kept on a timer). */
export function Providers({ store, children }: { store: ClientStore; children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient({ gcTime: Infinity }));
  return (
    <ClientStoreProvider store={store}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ClientStoreProvider>
  );
}

/** Renders `element` at `path` (its route), with every other address showing 'now at <path>'; `api` answers its calls. */
export async function renderScreen(store: ClientStore, path: string, element: ReactElement, api: DashboardApi = {}): Promise<void> {
  serveDashboardApi(api);
  await act(async () => {
    render(
      <Providers store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
  });
}

/** A promise with its resolve/reject in hand, to hold a call open. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
