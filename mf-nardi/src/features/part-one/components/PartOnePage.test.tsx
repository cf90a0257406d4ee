import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createClientStore, STORAGE_KEY, type ClientStore } from '@study/client-state';
import { NARDI_ITEMS } from '@study/personality';
import type { SurveyInput, SurveyState } from '@study/contracts';
import { ApiError } from '@study/ui';
import { ANSWERS, button, currentPath, fakeApi, memoryStorage, nardiState, participantStore, PG_ID, renderNardi, SCORES, userView, type FakeApi } from '../../../test-support/nardi-fixtures';
import { nardiScoresKey } from '../../../api/get-nardi-scores';
import { questionText } from '../nardi-questions';

/** Next is marked disabled (aria-disabled), not made so: pressing it shows what is missing. */
const blocked = (element: HTMLButtonElement) => element.disabled || element.getAttribute('aria-disabled') === 'true';

let stores: ClientStore[] = [];
const track = (store: ClientStore) => {
  stores.push(store);
  return store;
};
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
});

const reviewing = () => nardiState('reviewing', { index: 24, answers: ANSWERS });

/** Status, index and number of answers of each survey save, in order. */
const saves = (api: FakeApi) => api.saveSurvey.mock.calls.map(([, input]: [string, SurveyInput]) => [input.status, input.index, input.answers.length]);

/** Picks the statement the sample answers give to question `id` and waits for the next question (or the review). */
async function answer(id: number) {
  const item = NARDI_ITEMS[id - 1];
  const value = ANSWERS[id - 1]?.value;
  await userEvent.click(screen.getByRole('radio', { name: value === 'A' ? item?.A.prompt : item?.B.prompt }));
  if (id < 25) await screen.findByText(`Question ${id + 1} of 25`);
  else await screen.findByRole('heading', { name: 'Review your answers' });
}

describe('/nardi/part-one', () => {
  it('asks the first question with its progress, the two statements A and B, and the step among the four', async () => {
    const store = track(participantStore(nardiState('pending')));
    await renderNardi('/nardi/part-one', { store, api: fakeApi(nardiState('pending')) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nardi Personality Indicator');
    expect(screen.getByText(/Step 1 of 4/).textContent).toBe('Step 1 of 4: Questions');
    expect(screen.getByText('Question 1 of 25')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(questionText(1));
    const [first] = NARDI_ITEMS;
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([first?.A.prompt, first?.B.prompt]);
    expect(button('Previous').disabled).toBe(true);
    expect(blocked(button('Next'))).toBe(true);
  });

  it('moves on by itself after a choice, keeping the answer in the shared store', async () => {
    const store = track(participantStore(nardiState('pending')));
    await renderNardi('/nardi/part-one', { store, api: fakeApi(nardiState('pending')) });
    await userEvent.click(screen.getByRole('radio', { name: NARDI_ITEMS[0]?.B.prompt }));
    expect(blocked(button('Next'))).toBe(false);
    await screen.findByText('Question 2 of 25');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(questionText(2));
    expect(store.getState().surveys.nardi).toMatchObject({ status: 'pending', index: 1, answers: [{ id: 1, value: 'B' }] });
    expect(blocked(button('Next'))).toBe(true);
    expect(button('Previous').disabled).toBe(false);
  });

  it('resumes at the same question after a reload (the store is restored from local storage)', async () => {
    const storage = memoryStorage();
    const first = track(participantStore(nardiState('pending', { index: 7, answers: ANSWERS.slice(0, 7) }), storage));
    first.flush();
    first.dispose();
    expect(storage.data.has(STORAGE_KEY)).toBe(true);

    const reloaded = track(createClientStore({ storage, events: null }));
    await renderNardi('/nardi/part-one', { store: reloaded, api: fakeApi(nardiState('pending')) });
    expect(screen.getByText('Question 8 of 25')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(questionText(8));
    // Going back shows the answer given before the reload.
    await userEvent.click(button('Previous'));
    const previous = screen.getByRole('radio', { name: ANSWERS[6]?.value === 'A' ? NARDI_ITEMS[6]?.A.prompt : NARDI_ITEMS[6]?.B.prompt }) as HTMLInputElement;
    expect(previous.checked).toBe(true);
  });

  it('keeps the progress on the server at each move to another question, not at each choice', async () => {
    const store = track(participantStore(nardiState('pending')));
    const api = fakeApi(nardiState('pending'));
    await renderNardi('/nardi/part-one', { store, api });
    await answer(1);
    await answer(2);
    await waitFor(() => expect(saves(api)).toEqual([['pending', 1, 1], ['pending', 2, 2]]));
    expect(api.saveSurvey).toHaveBeenLastCalledWith(PG_ID, { id: 'nardi', status: 'pending', index: 2, answers: ANSWERS.slice(0, 2) });

    // Changing an answer on the same question is no move: nothing is sent until the participant moves on.
    await userEvent.click(button('Previous'));
    await screen.findByText('Question 2 of 25');
    await waitFor(() => expect(saves(api)).toHaveLength(3));
    const other = ANSWERS[1]?.value === 'A' ? NARDI_ITEMS[1]?.B.prompt : NARDI_ITEMS[1]?.A.prompt;
    await userEvent.click(screen.getByRole('radio', { name: other }));
    await screen.findByText('Question 3 of 25');
    await waitFor(() => expect(saves(api)).toEqual([['pending', 1, 1], ['pending', 2, 2], ['pending', 1, 2], ['pending', 2, 2]]));
    expect(api.saveSurvey.mock.calls[3]?.[1].answers[1]).toEqual({ id: 2, value: ANSWERS[1]?.value === 'A' ? 'B' : 'A' });
  });

  it('sends the review as reviewing with all 25 answers, then part one once on Save', async () => {
    const store = track(participantStore(nardiState('pending', { index: 24, answers: ANSWERS.slice(0, 24) })));
    const api = fakeApi(nardiState('pending'));
    await renderNardi('/nardi/part-one', { store, api });
    await answer(25);
    await waitFor(() => expect(saves(api)).toEqual([['reviewing', 24, 25]]));
    await userEvent.click(button('Save'));
    await waitFor(() => expect(currentPath()).toBe('/nardi/part-two'));
    expect(saves(api)).toEqual([['reviewing', 24, 25], ['part-one', 24, 25]]);
  });

  it('logs a failed progress save without holding the participant up, and sends everything again at the next move', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const store = track(participantStore(nardiState('pending')));
      const api = fakeApi(nardiState('pending'));
      api.saveSurvey.mockRejectedValueOnce(new ApiError('Could not reach the study server. Check your connection and try again.'));
      await renderNardi('/nardi/part-one', { store, api });
      await answer(1);
      await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('progress could not be kept'), 'Could not reach the study server. Check your connection and try again.'));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(store.getState().load?.status).not.toBe('save-failed');

      await answer(2);
      await waitFor(() => expect(saves(api)).toEqual([['pending', 1, 1], ['pending', 2, 2]]));
      expect(api.saveSurvey).toHaveBeenLastCalledWith(PG_ID, { id: 'nardi', status: 'pending', index: 2, answers: ANSWERS.slice(0, 2) });
    } finally {
      warn.mockRestore();
    }
  });

  it('resumes at the same question from the progress the server kept (as after a visit to the dashboard)', async () => {
    let onServer: SurveyState = nardiState('pending');
    const api = fakeApi(onServer, {
      fetchUser: async () => userView(onServer),
      saveSurvey: async (_pgId, input) => {
        onServer = { ...input };
        return userView(onServer);
      },
    });
    const first = track(participantStore(nardiState('pending')));
    const view = await renderNardi('/nardi/part-one', { store: first, api });
    for (let id = 1; id <= 9; id++) await answer(id);
    await screen.findByText('Question 10 of 25');
    await waitFor(() => expect(onServer).toMatchObject({ status: 'pending', index: 9 }));
    view.unmount();

    // A store that only knows what the server answers (the dashboard replaces the survey states with it).
    const fromServer = track(createClientStore({ storage: null, events: null }));
    fromServer.loadStarted(PG_ID);
    fromServer.loadSucceeded(await api.fetchUser(PG_ID));
    expect(fromServer.getState().surveys.nardi).toMatchObject({ status: 'pending', index: 9, answers: ANSWERS.slice(0, 9) });
    await renderNardi('/nardi/part-one', { store: fromServer, api });
    expect(screen.getByText('Question 10 of 25')).toBeTruthy();
    await userEvent.click(button('Previous'));
    const previous = screen.getByRole('radio', { name: ANSWERS[8]?.value === 'A' ? NARDI_ITEMS[8]?.A.prompt : NARDI_ITEMS[8]?.B.prompt }) as HTMLInputElement;
    expect(previous.checked).toBe(true);
  });

  it('reviews all 25 answers; Save sends only id, status, index and answers, gets the scores and goes to part two', async () => {
    const store = track(participantStore(reviewing()));
    const api = fakeApi(reviewing());
    const { queryClient } = await renderNardi('/nardi/part-one', { store, api });
    expect(screen.getByText('25 of 25 questions answered')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(26);

    await userEvent.click(button('Save'));
    await waitFor(() => expect(currentPath()).toBe('/nardi/part-two'));
    expect(api.saveSurvey).toHaveBeenCalledTimes(1);
    expect(api.saveSurvey).toHaveBeenCalledWith(PG_ID, { id: 'nardi', status: 'part-one', index: 24, answers: ANSWERS });
    expect(api.fetchScores).toHaveBeenCalledWith(PG_ID);
    expect(store.getState().surveys.nardi.status).toBe('part-one');
    expect(store.getState().load?.status).toBe('saved');
    // Part two takes the scores from the cache.
    expect(queryClient.getQueryData(nardiScoresKey(PG_ID, ANSWERS))).toEqual(SCORES);
    await screen.findByRole('heading', { level: 1, name: 'Choose your temperament' });
    expect(api.fetchScores).toHaveBeenCalledTimes(1);
  });

  it('shows a failed save (role=alert) and saves again on Save', async () => {
    const store = track(participantStore(reviewing()));
    const api = fakeApi(reviewing());
    api.saveSurvey.mockRejectedValueOnce(new ApiError('Could not reach the study server. Check your connection and try again.'));
    await renderNardi('/nardi/part-one', { store, api });
    await userEvent.click(button('Save'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not reach the study server.');
    expect(store.getState().load).toEqual({ status: 'save-failed', message: 'Could not reach the study server. Check your connection and try again.' });
    expect(store.getState().surveys.nardi.status).toBe('reviewing');
    expect(currentPath()).toBe('/nardi/part-one');

    await userEvent.click(button('Save'));
    await waitFor(() => expect(currentPath()).toBe('/nardi/part-two'));
    expect(api.saveSurvey).toHaveBeenCalledTimes(2);
  });

  it('shows scoring while the scores are on their way, and a retry when they cannot be had', async () => {
    const store = track(participantStore(reviewing()));
    let answerScores: (() => void) | undefined;
    const api = fakeApi(reviewing());
    api.fetchScores
      .mockImplementationOnce(() => new Promise((_resolve, reject) => (answerScores = () => reject(new ApiError('Your answers are still being scored; please try again in a moment.', 409)))))
      .mockResolvedValueOnce(SCORES);
    await renderNardi('/nardi/part-one', { store, api });
    await userEvent.click(button('Save'));
    await screen.findByText('Scoring your answers...');
    await act(async () => answerScores?.());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your answers are still being scored; please try again in a moment.');
    expect(currentPath()).toBe('/nardi/part-one');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(currentPath()).toBe('/nardi/part-two'));
    expect(api.fetchScores).toHaveBeenCalledTimes(2);
    expect(api.saveSurvey).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['part-one', '/nardi/part-two'],
    ['part-two', '/nardi/part-three'],
    ['part-three', '/nardi/part-four'],
  ] as const)('sends a participant at %s to %s', async (status, path) => {
    const store = track(participantStore(nardiState(status, { selectedTemperament: 'NT', ...(status === 'part-three' ? { selectedFP: 'NTJ' } : {}) })));
    await renderNardi('/nardi/part-one', { store, api: fakeApi(nardiState(status)) });
    await waitFor(() => expect(currentPath()).toBe(path));
  });

  it('asks for the study ID when this device has none', async () => {
    const store = track(createClientStore({ storage: null, events: null }));
    await renderNardi('/nardi/part-one', { store, api: fakeApi(nardiState('pending')) });
    expect(screen.getByRole('alert').textContent).toContain('We do not know your study ID on this device yet.');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/survey');
  });
});
