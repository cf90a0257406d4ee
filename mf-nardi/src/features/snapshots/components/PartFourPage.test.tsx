import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStore } from '@study/client-state';
import { ErrorCodes } from '@study/contracts';
import { PERSONALITY_TYPES } from '@study/personality';
import { ApiError } from '@study/ui';
import { button, currentPath, fakeApi, nardiState, participantStore, PG_ID, radioNames, renderNardi, SCORES, userView } from '../../../test-support/nardi-fixtures';

let store: ClientStore;
afterEach(() => store?.dispose());

const atPartThree = () => nardiState('part-three', { selectedTemperament: 'NT', selectedFP: 'NTJ' });
const completed = { id: 'nardi' as const, status: 'completed' as const, index: 0, answers: [], typeCode: 'ENTJ' };

describe('/nardi/part-four', () => {
  it('offers exactly three types: the two of the chosen pair, then the better other type of its temperament', async () => {
    store = participantStore(atPartThree());
    await renderNardi('/nardi/part-four', { store, api: fakeApi(atPartThree()) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose your type');
    expect(screen.getByText(/Step 4 of 4/).textContent).toBe('Step 4 of 4: Type');
    await screen.findByRole('group', { name: 'Which type sounds most like you?' });
    expect(radioNames()).toEqual(['INTJ', 'ENTJ', 'INTP']);
    for (const code of ['INTJ', 'ENTJ', 'INTP'] as const) {
      const radio = screen.getByRole('radio', { name: `${code} ${PERSONALITY_TYPES[code].title}` });
      expect(document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent).toBe(PERSONALITY_TYPES[code].description);
    }
    expect(button('Next').disabled).toBe(true);
  });

  it('completes the survey with the type, gets the result, loads the participant again and goes to the dashboard', async () => {
    store = participantStore(atPartThree());
    const api = fakeApi(atPartThree(), {
      fetchFinal: jest.fn(async () => ({ typeCode: 'ENTJ' as const, consistency: 8 })),
      // The consistency reaches the participant's data by event: not there yet.
      fetchUser: jest.fn(async () => userView(completed)),
    });
    await renderNardi('/nardi/part-four', { store, api });
    await userEvent.click(await screen.findByRole('radio', { name: `ENTJ ${PERSONALITY_TYPES.ENTJ.title}` }));
    await userEvent.click(button('Next'));
    await waitFor(() => expect(currentPath()).toBe('/survey'));
    expect(api.updateNardi).toHaveBeenCalledWith(PG_ID, { status: 'completed', selectedTypeCode: 'ENTJ' });
    expect(api.fetchFinal).toHaveBeenCalledWith(PG_ID);
    expect(api.fetchUser).toHaveBeenCalledWith(PG_ID);
    expect(store.getState().surveys.nardi).toEqual({ ...completed, consistency: 8 });
    expect(store.getState().user?.nardi.status).toBe('completed');
    expect(store.getState().load?.status).toBe('saved');
  });

  it('when the result is not ready, shows it with a retry that asks for the result again without completing twice', async () => {
    store = participantStore(atPartThree());
    const api = fakeApi(atPartThree(), { fetchUser: jest.fn(async () => userView({ ...completed, typeCode: 'INTJ', consistency: 10 })) });
    api.fetchFinal.mockRejectedValueOnce(new ApiError('Your Nardi result is not ready yet. Finish all four parts of the Nardi survey, then try again in a moment.', 409, 'NARDI_NOT_FINAL'));
    await renderNardi('/nardi/part-four', { store, api });
    await userEvent.click(await screen.findByRole('radio', { name: `INTJ ${PERSONALITY_TYPES.INTJ.title}` }));
    await userEvent.click(button('Next'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your Nardi result is not ready yet.');
    expect(currentPath()).toBe('/nardi/part-four');
    // The type is saved: the choice can no longer change.
    expect(screen.getByRole('radio', { name: `ENTJ ${PERSONALITY_TYPES.ENTJ.title}` }).matches(':disabled')).toBe(true);

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(currentPath()).toBe('/survey'));
    expect(api.updateNardi).toHaveBeenCalledTimes(1);
    expect(api.fetchFinal).toHaveBeenCalledTimes(2);
    expect(store.getState().surveys.nardi).toMatchObject({ status: 'completed', typeCode: 'INTJ', consistency: 10 });
  });

  it('goes on when an earlier attempt had completed the survey already', async () => {
    store = participantStore(atPartThree());
    const api = fakeApi(atPartThree(), { fetchUser: jest.fn(async () => userView({ ...completed, typeCode: 'INTJ', consistency: 10 })) });
    api.updateNardi.mockRejectedValueOnce(new ApiError('Nardi Personality Indicator is completed and can no longer be changed.', 409, ErrorCodes.SURVEY_CLOSED));
    await renderNardi('/nardi/part-four', { store, api });
    await userEvent.click(await screen.findByRole('radio', { name: `INTJ ${PERSONALITY_TYPES.INTJ.title}` }));
    await userEvent.click(button('Next'));
    await waitFor(() => expect(currentPath()).toBe('/survey'));
    expect(api.fetchFinal).toHaveBeenCalledTimes(1);
  });

  it('shows a failed completion with a retry', async () => {
    store = participantStore(atPartThree());
    const api = fakeApi(atPartThree(), { fetchUser: jest.fn(async () => userView(completed)) });
    api.updateNardi.mockRejectedValueOnce(new ApiError('Could not reach the study server. Check your connection and try again.'));
    await renderNardi('/nardi/part-four', { store, api });
    await userEvent.click(await screen.findByRole('radio', { name: `INTP ${PERSONALITY_TYPES.INTP.title}` }));
    await userEvent.click(button('Next'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not reach the study server.');
    expect(api.fetchFinal).not.toHaveBeenCalled();
    expect(store.getState().load?.status).toBe('save-failed');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(currentPath()).toBe('/survey'));
    expect(api.updateNardi).toHaveBeenNthCalledWith(2, PG_ID, { status: 'completed', selectedTypeCode: 'INTP' });
  });

  it('shows an error instead of a broken choice when the offer is not exactly three types', async () => {
    store = participantStore(atPartThree());
    // INTJ missing (ENTJ twice): the NTJ pair has one type to offer.
    const broken = { ...SCORES, typeCodes: SCORES.typeCodes.map((entry) => (entry.code === 'INTJ' ? { ...entry, code: 'ENTJ' as const } : entry)) };
    await renderNardi('/nardi/part-four', { store, api: fakeApi(atPartThree(), { fetchScores: jest.fn(async () => broken) }) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not prepare the choices for this step.');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it.each([
    ['part-one', '/nardi/part-two'],
    ['part-two', '/nardi/part-three'],
  ] as const)('sends a participant at %s to %s', async (status, path) => {
    store = participantStore(nardiState(status, { selectedTemperament: status === 'part-two' ? 'NT' : undefined }));
    await renderNardi('/nardi/part-four', { store, api: fakeApi(nardiState(status)) });
    await waitFor(() => expect(currentPath()).toBe(path));
  });
});
