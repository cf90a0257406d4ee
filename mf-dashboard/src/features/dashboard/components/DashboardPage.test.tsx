import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AnalyticsProvider, ClientStoreProvider, createClientStore, type AnalyticsEvent, type ClientStore } from '@study/client-state';
import type { Settings, SurveyState, UserView } from '@study/contracts';
import { ApiError } from '@study/ui';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { DashboardApi } from '../api/participant-api';
import { FINAL_SCORE_POLL_ATTEMPTS, FINAL_SCORE_POLL_MS } from '../final-score-watch';
import { DashboardPage, type StudyIdFormSlotProps } from './DashboardPage';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const SETTINGS: Settings = { openHumansAuthorizeUrl: 'https://oh.example/authorize/?client_id=a', resetSurveysEnabled: false, studyEmailHost: 'study.example.org' };

function survey<K extends SurveyState['id']>(id: K, status: SurveyState['status'] = 'pending', extra: Partial<SurveyState> = {}): SurveyState & { id: K } {
  return { id, status, index: 0, answers: [], ...extra } as SurveyState & { id: K };
}

function userView(overrides: Partial<UserView> = {}, access: Partial<UserView['access']> = {}): UserView {
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

function fakeApi(overrides: Partial<DashboardApi> = {}): DashboardApi & { [K in keyof DashboardApi]: jest.Mock } {
  return {
    fetchUser: jest.fn(async () => userView()),
    fetchSettings: jest.fn(async () => SETTINGS),
    resetSurveys: jest.fn(async () => userView()),
    ...overrides,
  } as DashboardApi & { [K in keyof DashboardApi]: jest.Mock };
}

/** A stand-in for the study-ID feature, showing what it was given. */
function FormStandIn({ initialValue, notFound, onSubmit }: StudyIdFormSlotProps) {
  return (
    <div>
      <p>study id form ({notFound ? 'not found' : 'fresh'}) with “{initialValue}”</p>
      <button type="button" onClick={() => onSubmit(PG_ID)}>
        submit id
      </button>
    </div>
  );
}

function Where() {
  return <p>now at {useLocation().pathname}</p>;
}

let store: ClientStore;
let events: AnalyticsEvent[];
beforeEach(() => {
  store = createClientStore({ storage: null, events: null });
  events = [];
});
afterEach(() => store.dispose());

async function renderAt(path: string, api: DashboardApi) {
  await act(async () => {
    render(
      <ClientStoreProvider store={store}>
        <AnalyticsProvider analytics={{ track: (event) => void events.push(event) }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/survey" element={<DashboardPage api={api} renderStudyIdForm={FormStandIn} />} />
              <Route path="/survey/:pgId" element={<DashboardPage api={api} renderStudyIdForm={FormStandIn} />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </AnalyticsProvider>
      </ClientStoreProvider>,
    );
  });
}

describe('DashboardPage states', () => {
  it('shows the study-ID form when no study ID is known, and loads nothing', async () => {
    const api = fakeApi();
    await renderAt('/survey', api);
    expect(screen.getByText('study id form (fresh) with “”')).toBeTruthy();
    expect(api.fetchUser).not.toHaveBeenCalled();
  });

  it('stores the study ID from the address and shows loading, then the dashboard', async () => {
    let answer!: (user: UserView) => void;
    const api = fakeApi({ fetchUser: jest.fn(() => new Promise<UserView>((resolve) => (answer = resolve))) });
    await renderAt(`/survey/${PG_ID.toUpperCase()}`, api);
    expect(store.getState().pgId).toBe(PG_ID);
    expect(api.fetchUser).toHaveBeenCalledWith(PG_ID);
    expect(screen.getByRole('status').textContent).toContain('Loading user data...');
    await act(async () => answer(userView()));
    expect(screen.getByRole('heading', { level: 1, name: 'Participant Dashboard' })).toBeTruthy();
    expect(screen.getByText(PG_ID)).toBeTruthy();
    expect(screen.getByText(`${PG_ID}@study.example.org`)).toBeTruthy();
    expect(store.getState().load).toEqual({ status: 'loaded', message: 'User data loaded successfully' });
  });

  it('loads the stored study ID on /survey', async () => {
    store.setPgId(PG_ID);
    const api = fakeApi();
    await renderAt('/survey', api);
    expect(api.fetchUser).toHaveBeenCalledWith(PG_ID);
    expect(screen.getByRole('heading', { name: 'Your surveys' })).toBeTruthy();
  });

  it('lists the surveys in order with only the next one linked, and reports the choice', async () => {
    await renderAt(`/survey/${PG_ID}`, fakeApi());
    const list = within(screen.getByRole('region', { name: 'Your surveys' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['TypeFinder', 'Nardi Personality Indicator', 'Self-Assessment']);
    const links = list.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Start TypeFinder', '/typefinder']]);
    await userEvent.click(links[0] as HTMLElement);
    expect(events).toEqual([{ action: 'Selected survey', category: 'User', label: 'typeFinder' }]);
    expect(screen.getByText('now at /typefinder')).toBeTruthy();
  });

  it('shows completed surveys with their type and no link; Nardi continues where it stopped', async () => {
    const user = userView({
      typeFinder: survey('typeFinder', 'completed', { typeCode: 'ENFP' }),
      nardi: survey('nardi', 'part-one', { answers: [{ id: 1, value: 'A' }] }),
    });
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => user) }));
    expect(screen.getByText('Completed · your type: ENFP')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /TypeFinder/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue Nardi Personality Indicator' }).getAttribute('href')).toBe('/nardi/part-two');
    expect(screen.getByText('Opens after Nardi Personality Indicator.')).toBeTruthy();
  });

  it("says 'Not quite ready...' with links to /consent when there is no consent", async () => {
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => userView({}, { consent: false })) }));
    expect(screen.getByRole('heading', { name: 'Not quite ready...' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'consent form' }).getAttribute('href')).toBe('/consent');
    expect(screen.getByRole('link', { name: 'Go to the consent form' }).getAttribute('href')).toBe('/consent');
    expect(screen.queryByRole('heading', { name: 'Your surveys' })).toBeNull();
    expect(screen.getByText(PG_ID)).toBeTruthy();
  });

  it('shows the failure page with the server message, and Try again loads again', async () => {
    const fetchUser = jest
      .fn<Promise<UserView>, [string]>()
      .mockRejectedValueOnce(new ApiError('Something went wrong on our side. Please try again later.', 500))
      .mockResolvedValueOnce(userView());
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser }));
    expect(screen.getByRole('heading', { name: 'Loading failed' })).toBeTruthy();
    expect(
      screen.getByText('Unfortunately we were not able to load your information at this time. Our system is reporting the following message:'),
    ).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side. Please try again later. (HTTP 500)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your surveys' })).toBeTruthy();
  });

  it('falls back to the form, saying the ID was not found, when the load ends in 404', async () => {
    const api = fakeApi({ fetchUser: jest.fn(async () => Promise.reject(new ApiError('No participant with this study ID.', 404, 'PARTICIPANT_NOT_FOUND'))) });
    await renderAt(`/survey/${PG_ID}`, api);
    expect(screen.getByText(`study id form (not found) with “${PG_ID}”`)).toBeTruthy();
    expect(store.getState().pgId).toBeNull();
  });

  it('shows the form, filled in, for an address whose study ID is not a v4 UUID', async () => {
    const api = fakeApi();
    await renderAt('/survey/12345', api);
    expect(screen.getByText('study id form (fresh) with “12345”')).toBeTruthy();
    expect(api.fetchUser).not.toHaveBeenCalled();
  });

  it('opens the dashboard of a submitted study ID', async () => {
    const api = fakeApi();
    await renderAt('/survey', api);
    await userEvent.click(screen.getByRole('button', { name: 'submit id' }));
    expect(await screen.findByRole('heading', { name: 'Your surveys' })).toBeTruthy();
    expect(api.fetchUser).toHaveBeenCalledWith(PG_ID);
  });

  it('goes home when a load status it does not know arrives (from another tab)', async () => {
    const tabs = new EventTarget();
    store.dispose();
    store = createClientStore({ storage: null, events: tabs as unknown as Window });
    await renderAt(`/survey/${PG_ID}`, fakeApi());
    expect(screen.getByRole('heading', { name: 'Your surveys' })).toBeTruthy();
    const fromOtherTab = JSON.stringify({ v: 1, pgId: PG_ID, user: null, load: { status: 'teleporting', message: '' } });
    act(() => {
      tabs.dispatchEvent(new StorageEvent('storage', { key: 'state', newValue: fromOtherTab }));
    });
    expect(screen.getByText('now at /')).toBeTruthy();
  });
});

describe('scores', () => {
  it('shows what is still to do until there is a final score, and no type', async () => {
    const user = userView({ typeFinder: survey('typeFinder', 'completed', { typeCode: 'INTJ' }) });
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => user) }));
    const card = within(screen.getByRole('region', { name: 'Your final type' }));
    expect(card.getByText('Your final type is worked out from all three assessments. Still to do:')).toBeTruthy();
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Nardi Personality Indicator', 'Self-Assessment']);
    expect(card.queryByText(/^[EI][SN][TF][JP]$/)).toBeNull();
  });

  it('shows the final type with its title and description', async () => {
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => userView({ finalScore: { typeCode: 'ESTP' } })) }));
    const card = within(screen.getByRole('region', { name: 'Your final type' }));
    expect(card.getByText('ESTP')).toBeTruthy();
    expect(card.getByText('The Quick Responder')).toBeTruthy();
  });

  it('shows the MBTI score only when dataReady', async () => {
    const mbti = survey('mbti', 'completed', { typeCode: 'ISFJ' });
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => userView({ mbti }, { dataReady: false })) }));
    expect(screen.queryByRole('region', { name: 'Official MBTI result' })).toBeNull();
    store.dispose();
    store = createClientStore({ storage: null, events: null });
    document.body.innerHTML = '';
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => userView({ mbti }, { dataReady: true })) }));
    expect(within(screen.getByRole('region', { name: 'Official MBTI result' })).getByText('ISFJ')).toBeTruthy();
  });
});

describe('waiting for the final type', () => {
  const allDone = () =>
    userView({
      typeFinder: survey('typeFinder', 'completed', { typeCode: 'INTJ' }),
      nardi: survey('nardi', 'completed', { typeCode: 'INTJ', consistency: 8 }),
      selfAssessment: survey('selfAssessment', 'completed', { typeCode: 'INTJ' }),
    });

  /** Lets the 2 s wait pass and the call it starts answer. */
  async function nextPoll() {
    await act(async () => {
      jest.advanceTimersByTime(FINAL_SCORE_POLL_MS);
    });
  }

  it('loads the participant again every 2 s until the final type is there, then stops', async () => {
    jest.useFakeTimers();
    try {
      const api = fakeApi();
      api.fetchUser
        .mockResolvedValueOnce(allDone())
        .mockResolvedValueOnce(allDone())
        .mockResolvedValueOnce({ ...allDone(), finalScore: { typeCode: 'INTJ' } });
      await renderAt(`/survey/${PG_ID}`, api);
      const card = within(screen.getByRole('region', { name: 'Your final type' }));
      expect(card.getByRole('status').textContent).toMatch(/being worked out/);
      expect(api.fetchUser).toHaveBeenCalledTimes(1);

      await nextPoll();
      expect(api.fetchUser).toHaveBeenCalledTimes(2);
      // Quietly: the dashboard stays on screen while it asks.
      expect(screen.queryByText('Loading user data...')).toBeNull();
      await nextPoll();
      expect(api.fetchUser).toHaveBeenCalledTimes(3);
      expect(card.getByText('INTJ', { selector: '.final-score__code' })).toBeTruthy();

      await nextPoll();
      await nextPoll();
      expect(api.fetchUser).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives up after about 30 s, and stops when the dashboard is left', async () => {
    jest.useFakeTimers();
    try {
      const api = fakeApi({ fetchUser: jest.fn(async () => allDone()) });
      await renderAt(`/survey/${PG_ID}`, api);
      for (let i = 0; i < FINAL_SCORE_POLL_ATTEMPTS + 3; i += 1) await nextPoll();
      expect(api.fetchUser).toHaveBeenCalledTimes(1 + FINAL_SCORE_POLL_ATTEMPTS);

      cleanup();
      store.dispose();
      store = createClientStore({ storage: null, events: null });
      const left = fakeApi({ fetchUser: jest.fn(async () => allDone()) });
      await renderAt(`/survey/${PG_ID}`, left);
      await nextPoll();
      expect(left.fetchUser).toHaveBeenCalledTimes(2);
      cleanup();
      await nextPoll();
      await nextPoll();
      expect(left.fetchUser).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not ask again before all three surveys are done', async () => {
    jest.useFakeTimers();
    try {
      const api = fakeApi({ fetchUser: jest.fn(async () => userView({ typeFinder: survey('typeFinder', 'completed', { typeCode: 'INTJ' }) })) });
      await renderAt(`/survey/${PG_ID}`, api);
      await nextPoll();
      await nextPoll();
      expect(api.fetchUser).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Reset Surveys', () => {
  it('is not offered unless the study turned it on', async () => {
    await renderAt(`/survey/${PG_ID}`, fakeApi());
    expect(screen.queryByRole('button', { name: 'Reset Surveys' })).toBeNull();
  });

  it('resets with the spec notices, then loads the user state again', async () => {
    jest.useFakeTimers();
    try {
      const api = fakeApi({ fetchSettings: jest.fn(async () => ({ ...SETTINGS, resetSurveysEnabled: true })) });
      await renderAt(`/survey/${PG_ID}`, api);
      let finishReset!: (user: UserView) => void;
      api.resetSurveys.mockImplementation(() => new Promise<UserView>((resolve) => (finishReset = resolve)));
      act(() => screen.getByRole('button', { name: 'Reset Surveys' }).click());
      expect(store.getState().notices.map((n) => n.message)).toEqual(['Resetting surveys for current user']);
      expect(api.resetSurveys).toHaveBeenCalledWith(PG_ID);
      await act(async () => finishReset(userView()));
      expect(store.getState().notices.map((n) => [n.message, n.style])).toEqual([['Surveys reset for current user', 'success']]);
      expect(api.fetchUser).toHaveBeenCalledTimes(2);
      act(() => {
        jest.advanceTimersByTime(5000);
      });
      expect(store.getState().notices).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it("says 'Failed to update surveys for current user' when the reset fails", async () => {
    const api = fakeApi({
      fetchSettings: jest.fn(async () => ({ ...SETTINGS, resetSurveysEnabled: true })),
      resetSurveys: jest.fn(async () => Promise.reject(new ApiError('Resetting surveys is turned off for this study.', 403))),
    });
    await renderAt(`/survey/${PG_ID}`, api);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Surveys' }));
    expect(store.getState().notices.map((n) => [n.message, n.style])).toEqual([['Failed to update surveys for current user', 'danger']]);
    expect(api.fetchUser).toHaveBeenCalledTimes(1);
  });
});

describe('Official MBTI (optional)', () => {
  it('is offered under the final score, linking to /mbti whatever the other surveys', async () => {
    await renderAt(`/survey/${PG_ID}`, fakeApi());
    const entry = within(screen.getByRole('region', { name: 'Official MBTI (optional)' }));
    expect(entry.getByRole('link', { name: 'Go to the MBTI assessment' }).getAttribute('href')).toBe('/mbti');
  });

  it('says where it stands once started or completed', async () => {
    const user = userView({ mbti: survey('mbti', 'started') });
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => user) }));
    let entry = within(screen.getByRole('region', { name: 'Official MBTI (optional)' }));
    expect(entry.getByRole('link', { name: 'Continue the MBTI assessment' }).getAttribute('href')).toBe('/mbti');
    store.dispose();
    store = createClientStore({ storage: null, events: null });
    document.body.innerHTML = '';
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => userView({ mbti: survey('mbti', 'completed') })) }));
    entry = within(screen.getByRole('region', { name: 'Official MBTI (optional)' }));
    expect(entry.getByText(/about one week after completion/)).toBeTruthy();
    expect(entry.queryByRole('link')).toBeNull();
  });

  it('is not offered without consent', async () => {
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => userView({}, { consent: false })) }));
    expect(screen.queryByRole('region', { name: 'Official MBTI (optional)' })).toBeNull();
  });
});
