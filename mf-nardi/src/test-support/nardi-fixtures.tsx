// Shared by the component tests of the Nardi screens: a participant, their scores, a fake API and
// a router with the Nardi routes and a marker for every other address.
import { render, act, screen } from '@testing-library/react';
import { ClientStoreProvider, createClientStore, type ClientStore, type KeyValueStorage } from '@study/client-state';
import type { NardiScoresView, SurveyState, UserView } from '@study/contracts';
import { scoreNardi } from '@study/personality';
import { SAMPLE_ANSWERS } from '@study/personality/testing';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createQueryClient } from '@study/query-provider';
import NardiRoutes from '../routes';
import { serveApi, type NardiApi } from './serve-api';

export type { NardiApi };

export const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

/**
 * The scores of the sample answers: temperaments NT 64, NF 52, SJ 44, SP 40; the NT pairs NTJ 36,
 * NTP 28; the NTJ types INTJ 19, ENTJ 17, and INTP 15 the better of the other NT types.
 */
export const SCORES: NardiScoresView = scoreNardi(SAMPLE_ANSWERS);
export const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));

export function nardiState(status: SurveyState['status'], extra: Partial<SurveyState> = {}): SurveyState {
  const answered = ['pending', 'in-progress', 'reviewing', 'saving'].includes(status) ? [] : ANSWERS;
  return { id: 'nardi', status, index: answered.length === 0 ? 0 : 24, answers: answered, ...extra };
}

function survey<K extends SurveyState['id']>(id: K, status: SurveyState['status'], extra: Partial<SurveyState> = {}): SurveyState {
  return { id, status, index: 0, answers: [], ...extra };
}

export function userView(nardi: SurveyState): UserView {
  return {
    access: { pgId: PG_ID, consent: true, dataReady: false, snpFileUploaded: true },
    typeFinder: survey('typeFinder', 'completed', { typeCode: 'INTJ' }),
    nardi,
    selfAssessment: survey('selfAssessment', 'pending'),
    mbti: survey('mbti', 'pending'),
    finalScore: null,
  };
}

export type FakeApi = NardiApi & { [K in keyof NardiApi]: jest.Mock };

/** Answers as the server would for a participant whose Nardi survey is `nardi`. */
export function fakeApi(nardi: SurveyState, overrides: Partial<NardiApi> = {}): FakeApi {
  return {
    fetchUser: jest.fn(async () => userView(nardi)),
    saveSurvey: jest.fn(async (_pgId: string, saved: SurveyState) => userView({ ...nardi, ...saved })),
    updateNardi: jest.fn(async (_pgId: string, patch: Partial<SurveyState>) => userView({ ...nardi, ...patch })),
    fetchScores: jest.fn(async () => SCORES),
    fetchFinal: jest.fn(async () => ({ typeCode: 'INTJ', consistency: 10 })),
    ...overrides,
  } as FakeApi;
}

/** A store for a consented participant whose survey is `nardi`, in memory or on the given storage. */
export function participantStore(nardi: SurveyState, storage: KeyValueStorage | null = null): ClientStore {
  const store = createClientStore({ storage, events: null, persistDebounceMs: 0 });
  store.loadStarted(PG_ID);
  store.loadSucceeded(userView(nardi));
  store.setSurvey(nardi);
  return store;
}

/** A Storage in memory, standing in for the browser's local storage across a "reload". */
export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** Shows the current address, as the shell's address bar would. */
function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

export interface RenderOptions {
  store: ClientStore;
  /** Answers the calls, through fetch. */
  api: NardiApi;
  /** The remote's query client, with what this page view has loaded already (a fresh one by default). */
  queryClient?: QueryClient;
}

/** Renders the remote's routes at `path`, mounted at "/" as the shell does, with the current address. */
export async function renderNardi(path: string, { store, api, queryClient = createQueryClient() }: RenderOptions) {
  serveApi({ api });
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(
      <ClientStoreProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <NardiRoutes />
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </ClientStoreProvider>,
    );
  });
  return { ...(result as ReturnType<typeof render>), queryClient };
}

/** The address the app is at. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export const radioNames = () => screen.queryAllByRole('radio').map((radio) => radio.getAttribute('value'));
export const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
