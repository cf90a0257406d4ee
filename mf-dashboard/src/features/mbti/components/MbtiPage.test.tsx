import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStore } from '@study/client-state';
import type { SurveyInput } from '@study/contracts';
import { ApiError } from '@study/ui';
import { deferred, PG_ID, renderScreen, SETTINGS, storeWith, STUDY_EMAIL, survey, userView, type DashboardApi } from '../../../test-support/participant-fixtures';
import { MBTI_PROVIDER_URL } from '../mbti-provider';
import { MbtiPage } from './MbtiPage';

/** A fake server that keeps the mbti status it is sent (POST /api/user/survey). */
function fakeApi(saveSurvey?: jest.Mock) {
  const save = saveSurvey ?? jest.fn(async (_pgId: string, input: SurveyInput) => userView({ mbti: survey('mbti', input.status) }));
  const api = { fetchUser: jest.fn(async () => userView()), fetchSettings: jest.fn(async () => SETTINGS), saveSurvey: save } satisfies DashboardApi;
  return { api, saveSurvey: save };
}

const open = (api: DashboardApi) => renderScreen(store, '/mbti', <MbtiPage />, api);

let store: ClientStore;
let opened: jest.SpyInstance;
beforeEach(() => {
  store = storeWith();
  opened = jest.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  store.dispose();
  jest.restoreAllMocks();
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('/mbti', () => {
  it('shows the instructions, the study email read-only with a copy button, the one-week note and I am Ready only', async () => {
    await open(fakeApi().api);
    expect(screen.getByRole('heading', { level: 1, name: 'Official MBTI Assessment' })).toBeTruthy();
    const email = await screen.findByLabelText('Your study email');
    expect(email.textContent).toBe(STUDY_EMAIL);
    expect(email.tagName).toBe('OUTPUT');
    expect(button('Copy')).toBeTruthy();
    expect(screen.getByText('Your official results reach the study about one week after you complete the assessment.')).toBeTruthy();
    expect(button('I am Ready')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'MBTI Completed' })).toBeNull();
  });

  it("I am Ready opens the provider's site in a new tab and marks the assessment started; MBTI Completed then completes it", async () => {
    const { api, saveSurvey } = fakeApi();
    await open(api);
    await userEvent.click(button('I am Ready'));
    expect(opened).toHaveBeenCalledWith(MBTI_PROVIDER_URL, '_blank', 'noopener,noreferrer');
    expect(saveSurvey).toHaveBeenLastCalledWith(PG_ID, { id: 'mbti', status: 'started', index: 0, answers: [] });
    expect(store.getState().surveys.mbti.status).toBe('started');
    expect(store.getState().load?.message).toBe('Survey saved successfully');

    const completed = button('MBTI Completed');
    const warning = document.getElementById(completed.getAttribute('aria-describedby') ?? '');
    expect(warning?.textContent).toContain('after this, the study email can no longer be accessed');
    expect(within(screen.getByRole('alert')).getByText(/the study email can no longer be accessed/)).toBeTruthy();

    await userEvent.click(completed);
    expect(saveSurvey).toHaveBeenLastCalledWith(PG_ID, { id: 'mbti', status: 'completed', index: 0, answers: [] });
    expect(saveSurvey).toHaveBeenCalledTimes(2);
    expect(store.getState().surveys.mbti.status).toBe('completed');
    expect(screen.queryByRole('button', { name: 'MBTI Completed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'I am Ready' })).toBeNull();
    expect(screen.getByText('You have completed the official MBTI assessment.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Dashboard' }).getAttribute('href')).toBe('/survey');
  });

  it('while started, I am Ready opens the site again without saving anything', async () => {
    store.setSurvey(survey('mbti', 'started'));
    const { api, saveSurvey } = fakeApi();
    await open(api);
    expect(button('MBTI Completed')).toBeTruthy();
    await userEvent.click(button('I am Ready'));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(saveSurvey).not.toHaveBeenCalled();
  });

  it('disables the buttons while saving and shows the server message when the save fails', async () => {
    const pending = deferred<never>();
    const saveSurvey = jest.fn(() => pending.promise);
    await open(fakeApi(saveSurvey).api);
    await userEvent.click(button('I am Ready'));
    expect(button('I am Ready').disabled).toBe(true);
    expect(screen.getByText('Saving...')).toBeTruthy();
    pending.reject(new ApiError('Please consent and authorize the study on Open Humans before taking the surveys.', 403, 'CONSENT_REQUIRED'));
    expect(await screen.findByText('Your progress could not be saved.')).toBeTruthy();
    expect(screen.getByText('Please consent and authorize the study on Open Humans before taking the surveys.')).toBeTruthy();
    expect(store.getState().surveys.mbti.status).toBe('pending');
    expect(store.getState().load?.status).toBe('save-failed');
    expect(button('I am Ready').disabled).toBe(false);
  });

  it('says why the study email could not be loaded, and still offers I am Ready', async () => {
    const { api } = fakeApi();
    api.fetchSettings.mockRejectedValueOnce(new ApiError('The study server is busy.', 503));
    await open(api);
    expect(await screen.findByText('Your study email could not be loaded.')).toBeTruthy();
    expect(screen.getByText('The study server is busy.')).toBeTruthy();
    expect(screen.queryByLabelText('Your study email')).toBeNull();
    expect(button('I am Ready')).toBeTruthy();
  });

  it('a completed assessment shows the one-week note and no buttons', async () => {
    store.setSurvey(survey('mbti', 'completed'));
    await open(fakeApi().api);
    expect(screen.getByText(/They will appear on your dashboard/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I am Ready' })).toBeNull();
  });

  it('loads a known participant whose data is not in the store yet', async () => {
    store.dispose();
    store = storeWith(null);
    const { api } = fakeApi();
    await open(api);
    expect(await screen.findByRole('button', { name: 'I am Ready' })).toBeTruthy();
    expect(api.fetchUser).toHaveBeenCalledWith(PG_ID);
  });
});
