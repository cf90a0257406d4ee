import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStore } from '@study/client-state';
import { FUNCTIONAL_PAIRS } from '@study/personality';
import { button, currentPath, fakeApi, nardiState, participantStore, PG_ID, radioNames, renderNardi, SCORES } from '../../../test-support/nardi-fixtures';

let store: ClientStore;
afterEach(() => store?.dispose());

const atPartTwo = (selectedTemperament: 'NT' | 'SP' = 'NT') => nardiState('part-two', { selectedTemperament });

describe('/nardi/part-three', () => {
  it('offers exactly the two functional pairs of the chosen temperament, best match first', async () => {
    store = participantStore(atPartTwo());
    await renderNardi('/nardi/part-three', { store, api: fakeApi(atPartTwo()) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose your cognitive style');
    expect(screen.getByText(/Step 3 of 4/).textContent).toBe('Step 3 of 4: Cognitive style');
    expect(screen.getByText(/You chose the NT Theorist temperament\./)).toBeTruthy();
    await screen.findByRole('group', { name: 'Which cognitive style sounds most like you?' });
    expect(radioNames()).toEqual(['NTJ', 'NTP']);
    const radio = screen.getByRole('radio', { name: `NTP ${FUNCTIONAL_PAIRS.NTP.title}` });
    expect(document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent).toBe(FUNCTIONAL_PAIRS.NTP.description);
    expect(button('Next').disabled).toBe(true);
  });

  it('the offer follows the temperament chosen, not the best-scored one', async () => {
    store = participantStore(atPartTwo('SP'));
    await renderNardi('/nardi/part-three', { store, api: fakeApi(atPartTwo('SP')) });
    await screen.findByRole('group');
    // STP: ESTP 11 + ISTP 13 = 24; SFP: ESFP 7 + ISFP 9 = 16.
    expect(radioNames()).toEqual(['STP', 'SFP']);
  });

  it('patches the pair and status part-three, then goes to part four', async () => {
    store = participantStore(atPartTwo());
    const api = fakeApi(atPartTwo());
    await renderNardi('/nardi/part-three', { store, api });
    await userEvent.click(await screen.findByRole('radio', { name: `NTP ${FUNCTIONAL_PAIRS.NTP.title}` }));
    await userEvent.click(button('Next'));
    await waitFor(() => expect(currentPath()).toBe('/nardi/part-four'));
    expect(api.updateNardi).toHaveBeenCalledWith(PG_ID, { status: 'part-three', selectedFP: 'NTP' });
    expect(store.getState().surveys.nardi).toMatchObject({ status: 'part-three', selectedTemperament: 'NT', selectedFP: 'NTP' });
  });

  it('shows an error instead of a broken choice when the offer is not exactly two pairs', async () => {
    store = participantStore(atPartTwo());
    // NTP listed twice in place of NTJ: only one NT pair can be offered.
    const broken = { ...SCORES, functionalPairs: SCORES.functionalPairs.map((entry) => (entry.code === 'NTJ' ? { ...entry, code: 'NTP' as const } : entry)) };
    const api = fakeApi(atPartTwo(), { fetchScores: jest.fn(async () => broken) });
    await renderNardi('/nardi/part-three', { store, api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not prepare the choices for this step.');
    expect(alert.textContent).toMatch(/Expected exactly 2 distinct functional pairs/);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/survey');
    // Trying again loads the scores again.
    api.fetchScores.mockResolvedValueOnce(SCORES);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(radioNames()).toEqual(['NTJ', 'NTP']));
  });

  it.each([
    ['part-one', '/nardi/part-two'],
    ['part-three', '/nardi/part-four'],
  ] as const)('sends a participant at %s to %s', async (status, path) => {
    store = participantStore(nardiState(status, { selectedTemperament: 'NT', selectedFP: status === 'part-three' ? 'NTJ' : undefined }));
    await renderNardi('/nardi/part-three', { store, api: fakeApi(nardiState(status)) });
    await waitFor(() => expect(currentPath()).toBe(path));
  });
});
