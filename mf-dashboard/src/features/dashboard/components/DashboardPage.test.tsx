import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AnalyticsProvider, createClientStore, type AnalyticsEvent, type ClientStore, type ResultsListener } from '@study/client-state';
import type { ParticipantResults, Settings, SurveyState, UserView } from '@study/contracts';
import { ApiError } from '@study/ui';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Providers } from '../../../test-support/participant-fixtures';
import { serveDashboardApi, type DashboardApi } from '../../../test-support/serve-dashboard-api';
import { DashboardPage, type StudyIdFormSlotProps } from './DashboardPage';
import { FINAL_TYPE_PENDING_TEXT, RECONNECTING_TEXT, REPORT_PENDING_TEXT } from './FinalScoreCard';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const SETTINGS: Settings = { resetSurveysEnabled: false, studyEmailHost: 'study.example.org' };

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

type FakeApi = DashboardApi & Record<'fetchUser' | 'fetchSettings' | 'resetSurveys', jest.Mock>;

/** The calls the dashboard makes, answered through fetch (and its result stream, through EventSource). */
function fakeApi(overrides: Partial<DashboardApi> = {}): FakeApi {
  return {
    fetchUser: jest.fn(async () => userView()),
    fetchSettings: jest.fn(async () => SETTINGS),
    resetSurveys: jest.fn(async () => userView()),
    ...overrides,
  } as FakeApi;
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
  serveDashboardApi(api);
  await act(async () => {
    render(
      <Providers store={store}>
        <AnalyticsProvider analytics={{ track: (event) => void events.push(event) }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/survey" element={<DashboardPage renderStudyIdForm={FormStandIn} />} />
              <Route path="/survey/:pgId" element={<DashboardPage renderStudyIdForm={FormStandIn} />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </AnalyticsProvider>
      </Providers>,
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
    expect(document.querySelector('.identity__study-id')?.textContent).toBe(PG_ID);
    // The study email breaks only before its '@': the study ID part and '@host' each stay whole.
    const email = document.querySelector('.identity__study-email');
    expect(email?.textContent).toBe(`${PG_ID}@study.example.org`);
    expect([...(email?.querySelectorAll('.email-address__part') ?? [])].map((part) => part.textContent)).toEqual([PG_ID, '@study.example.org']);
    expect(email?.querySelector('.email-address__part + wbr + .email-address__part')).toBeTruthy();
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
    expect(document.querySelector('.identity__study-id')?.textContent).toBe(PG_ID);
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

describe('results as they arrive (the result stream)', () => {
  const allDone = () =>
    userView({
      typeFinder: survey('typeFinder', 'completed', { typeCode: 'INTJ' }),
      nardi: survey('nardi', 'completed', { typeCode: 'INTJ' }),
      selfAssessment: survey('selfAssessment', 'completed', { typeCode: 'INTJ' }),
    });

  /** A result stream the test drives: what the dashboard subscribed to, and a way to send. */
  function fakeStream() {
    const listeners = new Map<string, ResultsListener>();
    const ended: string[] = [];
    return {
      subscribe: jest.fn((pgId: string, listener: ResultsListener) => {
        listeners.set(pgId, listener);
        return () => {
          ended.push(pgId);
          listeners.delete(pgId);
        };
      }),
      send: async (results: Partial<ParticipantResults>) =>
        act(async () => {
          listeners.get(PG_ID)?.results({ pgId: PG_ID, nardi: { scored: true, result: null }, finalScore: null, finalReport: null, ...results });
        }),
      connected: async (connected: boolean) =>
        act(async () => {
          listeners.get(PG_ID)?.connected?.(connected);
        }),
      listeners,
      ended,
    };
  }

  it('shows the consistency, then the final type, then the report link as each arrives, without loading again', async () => {
    const stream = fakeStream();
    const api = fakeApi({ fetchUser: jest.fn(async () => allDone()), subscribeResults: stream.subscribe });
    await renderAt(`/survey/${PG_ID}`, api);
    expect(stream.subscribe).toHaveBeenCalledWith(PG_ID, expect.anything());
    const card = () => within(screen.getByRole('region', { name: 'Your final type' }));
    expect(card().getByRole('status').textContent).toBe(FINAL_TYPE_PENDING_TEXT);

    await stream.send({ nardi: { scored: true, result: { typeCode: 'INTJ', consistency: 8 } } });
    expect(screen.getAllByText(/consistency 8\/10/).length).toBeGreaterThan(0);

    await stream.send({ nardi: { scored: true, result: { typeCode: 'INTJ', consistency: 8 } }, finalScore: { typeCode: 'INTJ', computedAt: '2025-03-01T10:00:00.000Z' } });
    expect(card().getByText('INTJ', { selector: '.final-score__code' })).toBeTruthy();
    expect(card().getByRole('status').textContent).toBe(REPORT_PENDING_TEXT);
    expect(card().queryByRole('button', { name: 'Download Final Report' })).toBeNull();

    await stream.send({
      nardi: { scored: true, result: { typeCode: 'INTJ', consistency: 8 } },
      finalScore: { typeCode: 'INTJ', computedAt: '2025-03-01T10:00:00.000Z' },
      finalReport: { generatedAt: '2025-03-01T10:00:01.000Z' },
    });
    expect(card().getByRole('button', { name: 'Download Final Report' })).toBeTruthy();
    expect(card().queryByRole('status')).toBeNull();
    expect(api.fetchUser).toHaveBeenCalledTimes(1);
  });

  it('says so while the stream reconnects, instead of giving up', async () => {
    const stream = fakeStream();
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => allDone()), subscribeResults: stream.subscribe }));
    await stream.connected(false);
    expect(screen.getByText(RECONNECTING_TEXT)).toBeTruthy();
    await stream.connected(true);
    expect(screen.queryByText(RECONNECTING_TEXT)).toBeNull();
    await stream.send({ finalScore: { typeCode: 'INTJ' } });
    expect(screen.getByText('INTJ', { selector: '.final-score__code' })).toBeTruthy();
  });

  it('ends the stream when the dashboard is left, and opens none without consent', async () => {
    const stream = fakeStream();
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => allDone()), subscribeResults: stream.subscribe }));
    cleanup();
    expect(stream.ended).toEqual([PG_ID]);

    store.dispose();
    store = createClientStore({ storage: null, events: null });
    const none = fakeStream();
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => userView({}, { consent: false })), subscribeResults: none.subscribe }));
    expect(none.subscribe).not.toHaveBeenCalled();
  });

  it('ignores results about another study ID', async () => {
    const stream = fakeStream();
    await renderAt(`/survey/${PG_ID}`, fakeApi({ fetchUser: jest.fn(async () => allDone()), subscribeResults: stream.subscribe }));
    await act(async () => {
      stream.listeners.get(PG_ID)?.results({ pgId: '9f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', nardi: { scored: true, result: null }, finalScore: { typeCode: 'ENFP' }, finalReport: null });
    });
    expect(screen.queryByText('ENFP', { selector: '.final-score__code' })).toBeNull();
  });
});

describe('Reset Surveys', () => {
  it('is not offered unless the study turned it on', async () => {
    await renderAt(`/survey/${PG_ID}`, fakeApi());
    // The settings are in (the study email shows): they leave resets off.
    await waitFor(() => expect(document.querySelector('.identity__study-email')?.textContent).toBe(`${PG_ID}@study.example.org`));
    expect(screen.queryByRole('button', { name: 'Reset Surveys' })).toBeNull();
  });

  it('resets with the spec notices, then loads the user state again', async () => {
    const api = fakeApi({ fetchSettings: jest.fn(async () => ({ ...SETTINGS, resetSurveysEnabled: true })) });
    await renderAt(`/survey/${PG_ID}`, api);
    const reset = await screen.findByRole('button', { name: 'Reset Surveys' });
    // Fake timers from here, for the notices' 5 s; promises and microtasks stay real, so the calls go on.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let finishReset!: (user: UserView) => void;
      api.resetSurveys.mockImplementation(() => new Promise<UserView>((resolve) => (finishReset = resolve)));
      await act(async () => reset.click());
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
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Surveys' }));
    await waitFor(() => expect(store.getState().notices.map((n) => [n.message, n.style])).toEqual([['Failed to update surveys for current user', 'danger']]));
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

describe('a dashboard link naming another study ID than the stored one', () => {
  const OTHER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
  const renderWithWithdraw = async (path: string, api: DashboardApi, slots: { pgId: string; withdrawn: boolean }[] = []) => {
    serveDashboardApi(api);
    await act(async () => {
      render(
        <Providers store={store}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/survey" element={<DashboardPage renderStudyIdForm={FormStandIn} renderWithdraw={(props) => (slots.push(props), <p>withdraw slot</p>)} />} />
              <Route path="/survey/:pgId" element={<DashboardPage renderStudyIdForm={FormStandIn} renderWithdraw={(props) => (slots.push(props), <p>withdraw slot</p>)} />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </Providers>,
      );
    });
  };

  it.each([
    [404, 'No participant with this study ID.', /which this study does not know/],
    [403, 'This browser is signed in as another participant.', /which was not found for you in this browser/],
  ])('keeps the stored study ID when the link’s answers %i, and says the link’s was not found', async (status, message, why) => {
    store.setPgId(PG_ID);
    const api = fakeApi({ fetchUser: jest.fn(async (pgId: string) => (pgId === PG_ID ? userView() : Promise.reject(new ApiError(message, status)))) });
    await renderWithWithdraw(`/survey/${OTHER}`, api);
    expect(api.fetchUser).toHaveBeenCalledWith(OTHER);
    expect(store.getState().pgId).toBe(PG_ID);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('The study ID in the link was not found.');
    expect(notice.textContent).toMatch(why);
    expect(notice.textContent).toContain(OTHER);
    expect(notice.textContent).toContain(`Your own study ID, ${PG_ID}, is kept`);
    // The stored participant's dashboard, loaded again.
    expect(api.fetchUser).toHaveBeenLastCalledWith(PG_ID);
    expect(document.querySelector('.identity__study-id')?.textContent).toBe(PG_ID);
    expect(store.getState().load?.status).toBe('loaded');
  });

  it('offers to open the link’s study ID instead when the study may know it, which then replaces the stored one', async () => {
    store.setPgId(PG_ID);
    const api = fakeApi({ fetchUser: jest.fn(async (pgId: string) => (pgId === PG_ID ? userView() : Promise.reject(new ApiError('Please confirm.', 401)))) });
    await renderWithWithdraw(`/survey/${OTHER}`, api);
    await userEvent.click(await screen.findByRole('button', { name: "Open the link's study ID instead" }));
    expect(store.getState().pgId).toBe(OTHER);
    expect(api.fetchUser).toHaveBeenLastCalledWith(OTHER);
    expect(screen.queryByRole('button', { name: "Open the link's study ID instead" })).toBeNull();
  });

  it('takes the link’s study ID when it opens in this browser', async () => {
    store.setPgId(PG_ID);
    const api = fakeApi({ fetchUser: jest.fn(async (pgId: string) => userView({}, { pgId })) });
    await renderWithWithdraw(`/survey/${OTHER}`, api);
    expect(store.getState().pgId).toBe(OTHER);
    expect(document.querySelector('.identity__study-id')?.textContent).toBe(OTHER);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells the withdraw slot whether the participant has withdrawn (no consent)', async () => {
    store.setPgId(PG_ID);
    const slots: { pgId: string; withdrawn: boolean }[] = [];
    await renderWithWithdraw('/survey', fakeApi({ fetchUser: jest.fn(async () => userView({}, { consent: false })) }), slots);
    expect(slots.at(-1)).toEqual({ pgId: PG_ID, withdrawn: true });
    cleanup();
    await renderWithWithdraw('/survey', fakeApi(), slots);
    expect(slots.at(-1)).toEqual({ pgId: PG_ID, withdrawn: false });
  });
});
