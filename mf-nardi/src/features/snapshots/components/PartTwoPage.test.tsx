import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStore } from '@study/client-state';
import { TEMPERAMENTS } from '@study/personality';
import { ApiError } from '@study/ui';
import { nardiScoresKey } from '../../../api/get-nardi-scores';
import { createQueryClient } from '@study/query-provider';
import { ANSWERS, button, currentPath, fakeApi, nardiState, participantStore, PG_ID, radioNames, renderNardi, SCORES } from '../../../test-support/nardi-fixtures';

// user-event walks a radio group with CSS.escape, which jsdom lacks.
const css = globalThis as unknown as { CSS?: { escape?: (value: string) => string } };
css.CSS ??= {};
css.CSS.escape ??= (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`);

let store: ClientStore;
afterEach(() => store?.dispose());

const atPartOne = () => nardiState('part-one');

describe('/nardi/part-two', () => {
  it('offers the four temperaments in ranked order, each with its code, title and description; Next waits for a choice', async () => {
    store = participantStore(atPartOne());
    await renderNardi('/nardi/part-two', { store, api: fakeApi(atPartOne()) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose your temperament');
    expect(screen.getByText(/Step 2 of 4/).textContent).toBe('Step 2 of 4: Temperament');
    const group = await screen.findByRole('group', { name: 'Which temperament sounds most like you?' });
    expect(radioNames()).toEqual(['NT', 'NF', 'SJ', 'SP']);
    for (const code of ['NT', 'NF', 'SJ', 'SP'] as const) {
      const radio = within(group).getByRole('radio', { name: TEMPERAMENTS[code].title });
      expect(document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent).toBe(TEMPERAMENTS[code].description);
    }
    expect(button('Next').disabled).toBe(true);
  });

  it('patches the temperament and status part-two, keeps the new state and goes to part three', async () => {
    store = participantStore(atPartOne());
    const api = fakeApi(atPartOne());
    await renderNardi('/nardi/part-two', { store, api });
    await userEvent.click(await screen.findByRole('radio', { name: 'NF Catalyst' }));
    expect(button('Next').disabled).toBe(false);
    await userEvent.click(button('Next'));
    await waitFor(() => expect(currentPath()).toBe('/nardi/part-three'));
    expect(api.updateNardi).toHaveBeenCalledTimes(1);
    expect(api.updateNardi).toHaveBeenCalledWith(PG_ID, { status: 'part-two', selectedTemperament: 'NF' });
    expect(store.getState().surveys.nardi).toMatchObject({ status: 'part-two', selectedTemperament: 'NF' });
    expect(store.getState().load?.status).toBe('saved');
  });

  it('works with the keyboard: Tab to the group, arrow keys move the choice, Enter goes on', async () => {
    store = participantStore(atPartOne());
    const api = fakeApi(atPartOne());
    await renderNardi('/nardi/part-two', { store, api });
    await screen.findByRole('group');
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('value')).toBe('NT');
    await userEvent.keyboard(' ');
    expect((screen.getByRole('radio', { name: 'NT Theorist' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.keyboard('{ArrowDown}');
    expect((screen.getByRole('radio', { name: 'NF Catalyst' }) as HTMLInputElement).checked).toBe(true);
    expect(button('Next').disabled).toBe(false);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.updateNardi).toHaveBeenCalledWith(PG_ID, { status: 'part-two', selectedTemperament: 'NF' }));
  });

  it('fetches the scores again when this page view has none (a fresh browser), and uses them when it has', async () => {
    store = participantStore(atPartOne());
    const api = fakeApi(atPartOne());
    const first = await renderNardi('/nardi/part-two', { store, api });
    await screen.findByRole('radio', { name: 'NT Theorist' });
    expect(api.fetchScores).toHaveBeenCalledWith(PG_ID);
    first.unmount();
    store.dispose();

    store = participantStore(atPartOne());
    const cached = createQueryClient();
    cached.setQueryData(nardiScoresKey(PG_ID, ANSWERS), SCORES);
    const second = fakeApi(atPartOne());
    await renderNardi('/nardi/part-two', { store, api: second, queryClient: cached });
    expect(await screen.findAllByRole('radio')).toHaveLength(4);
    expect(second.fetchScores).not.toHaveBeenCalled();
  });

  it('shows a loading failure with a retry', async () => {
    store = participantStore(atPartOne());
    const api = fakeApi(atPartOne());
    api.fetchScores.mockRejectedValueOnce(new ApiError('The scoring service is not available right now.', 503));
    await renderNardi('/nardi/part-two', { store, api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your results.');
    expect(alert.textContent).toContain('The scoring service is not available right now.');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('radio')).toHaveLength(4);
  });

  it('shows a failed save with a retry and stays', async () => {
    store = participantStore(atPartOne());
    const api = fakeApi(atPartOne());
    api.updateNardi.mockRejectedValueOnce(new ApiError('Please consent and authorize the study on Open Humans before taking the surveys.', 403));
    await renderNardi('/nardi/part-two', { store, api });
    await userEvent.click(await screen.findByRole('radio', { name: 'SP Improviser' }));
    await userEvent.click(button('Next'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please consent and authorize the study on Open Humans before taking the surveys.');
    expect(store.getState().load?.status).toBe('save-failed');
    expect(currentPath()).toBe('/nardi/part-two');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(currentPath()).toBe('/nardi/part-three'));
    expect(api.updateNardi).toHaveBeenNthCalledWith(2, PG_ID, { status: 'part-two', selectedTemperament: 'SP' });
  });

  it.each([
    ['pending', '/nardi/part-one'],
    ['part-two', '/nardi/part-three'],
    ['part-three', '/nardi/part-four'],
    ['completed', '/survey'],
  ] as const)('sends a participant at %s to %s', async (status, path) => {
    store = participantStore(nardiState(status));
    const api = fakeApi(nardiState(status));
    await renderNardi('/nardi/part-two', { store, api });
    await waitFor(() => expect(currentPath()).toBe(path));
    if (status === 'pending') expect(api.fetchScores).not.toHaveBeenCalled();
  });
});
