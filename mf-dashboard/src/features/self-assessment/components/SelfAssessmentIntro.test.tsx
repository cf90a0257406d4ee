import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStore, ResultsListener } from '@study/client-state';
import { ApiError } from '@study/ui';
import { deferred, PG_ID, renderScreen, SETTINGS, storeWith, survey, userView, type DashboardApi } from '../../../test-support/participant-fixtures';
import { declineSelfAssessment } from '../api/decline-self-assessment';
import { SelfAssessmentIntro } from './SelfAssessmentIntro';

type FakeApi = DashboardApi & Record<'fetchUser' | 'fetchSettings' | 'requestFinalScore' | 'declineSelfAssessment', jest.Mock>;

const DONE = { typeFinder: survey('typeFinder', 'completed', { typeCode: 'INTJ' }), nardi: survey('nardi', 'completed', { typeCode: 'INTJ', consistency: 8 }) };
const DECLINED = userView({ ...DONE, selfAssessment: survey('selfAssessment', 'rejected') });
const FINAL_SCORE = { typeCode: 'INTJ', computedAt: '2026-01-01T00:00:00.000Z' };

/** Answers as the server would; the result stream has the final score at once unless a test drives it. */
function fakeApi(overrides: Partial<DashboardApi> = {}): FakeApi {
  return {
    fetchUser: jest.fn(async () => DECLINED),
    fetchSettings: jest.fn(async () => SETTINGS),
    subscribeResults: (pgId, listener) => {
      listener.results({ pgId, nardi: { scored: true, result: { typeCode: 'INTJ', consistency: 8 } }, finalScore: FINAL_SCORE, finalReport: null });
      return () => undefined;
    },
    requestFinalScore: jest.fn(async () => FINAL_SCORE),
    declineSelfAssessment: jest.fn(async () => DECLINED),
    ...overrides,
  } as FakeApi;
}

let store: ClientStore;
beforeEach(() => {
  store = storeWith(userView(DONE));
});
afterEach(() => {
  store.dispose();
  jest.restoreAllMocks();
});

const open = (api: DashboardApi) => renderScreen(store, '/self-assessment', <SelfAssessmentIntro />, api);

describe('/self-assessment', () => {
  it("offers 'I am ready' (to the questions) and 'No thank you'", async () => {
    await open(fakeApi());
    expect(screen.getByRole('link', { name: 'I am ready' }).getAttribute('href')).toBe('/self-assessment/survey');
    expect(screen.getByRole('button', { name: 'No thank you' })).toBeTruthy();
  });

  it("'No thank you' declines the survey, then requests the final score, loads the participant again and goes to /survey", async () => {
    const finalScore = deferred<typeof FINAL_SCORE>();
    const api = fakeApi({ requestFinalScore: jest.fn(() => finalScore.promise) });
    await open(api);
    await userEvent.click(screen.getByRole('button', { name: 'No thank you' }));
    expect(api.declineSelfAssessment).toHaveBeenCalledWith(PG_ID);
    expect(api.requestFinalScore).toHaveBeenCalledWith(PG_ID);
    expect(api.fetchUser).not.toHaveBeenCalled();
    expect(screen.getByText('Saving your choice...')).toBeTruthy();
    await act(async () => finalScore.resolve(FINAL_SCORE));
    expect(api.fetchUser).toHaveBeenCalledWith(PG_ID);
    expect(store.getState().surveys.selfAssessment.status).toBe('rejected');
    expect(screen.getByText('now at /survey')).toBeTruthy();
  });

  it('asks for the final score only once the result stream shows it, so the answer is the score (no 409)', async () => {
    let listener: ResultsListener | undefined;
    const stop = jest.fn();
    const api = fakeApi({
      subscribeResults: jest.fn((_pgId: string, given: ResultsListener) => {
        listener = given;
        return stop;
      }),
    });
    await open(api);
    await userEvent.click(screen.getByRole('button', { name: 'No thank you' }));
    expect(api.subscribeResults).toHaveBeenCalledWith(PG_ID, expect.anything());
    const pending = { pgId: PG_ID, nardi: { scored: true, result: { typeCode: 'INTJ' as const, consistency: 8 } }, finalScore: null, finalReport: null };
    await act(async () => listener?.results(pending));
    expect(api.requestFinalScore).not.toHaveBeenCalled();
    await act(async () => listener?.results({ ...pending, finalScore: FINAL_SCORE }));
    expect(api.requestFinalScore).toHaveBeenCalledWith(PG_ID);
    expect(stop).toHaveBeenCalled();
    expect(screen.getByText('now at /survey')).toBeTruthy();
  });

  it.each([404, 409])('a final score that is not ready (%i) only means loading the participant again', async (status) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({ requestFinalScore: jest.fn(async () => Promise.reject(new ApiError('Not ready', status))) });
    await open(api);
    await userEvent.click(screen.getByRole('button', { name: 'No thank you' }));
    // The refusal, the reload and the navigation settle over several turns: wait for the page, not for a turn count.
    expect(await screen.findByText('now at /survey', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(api.fetchUser).toHaveBeenCalledWith(PG_ID);
    expect(store.getState().user?.finalScore).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('shows why when the decline is refused, and stays', async () => {
    const api = fakeApi({
      declineSelfAssessment: jest.fn(async () => Promise.reject(new ApiError('Finish Nardi before the self-assessment.', 409, 'SURVEY_OUT_OF_ORDER'))),
    });
    await open(api);
    await userEvent.click(screen.getByRole('button', { name: 'No thank you' }));
    expect(screen.getByText('Your choice could not be saved.')).toBeTruthy();
    expect(screen.getByText('Finish Nardi before the self-assessment.')).toBeTruthy();
    expect(api.requestFinalScore).not.toHaveBeenCalled();
    expect(store.getState().load?.status).toBe('save-failed');
    expect((screen.getByRole('button', { name: 'No thank you' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('declineSelfAssessment', () => {
  it('posts the nested set-style patch to /api/user/survey/upd', async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => DECLINED }));
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      await expect(declineSelfAssessment({ pgId: PG_ID })).resolves.toEqual(DECLINED);
    } finally {
      globalThis.fetch = original;
    }
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/user/survey/upd');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ pgId: PG_ID, update: { selfAssessment: { status: 'rejected' } } });
  });
});
