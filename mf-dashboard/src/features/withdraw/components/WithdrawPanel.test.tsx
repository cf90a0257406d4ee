import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createClientStore, type ClientStore } from '@study/client-state';
import type { WithdrawResponse } from '@study/contracts';
import { ApiError } from '@study/ui';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Providers } from '../../../test-support/participant-fixtures';
import { serveDashboardApi, type DashboardApi } from '../../../test-support/serve-dashboard-api';
import { UNREACHABLE_TEXT, WithdrawPanel } from './WithdrawPanel';
import { WithdrawnPage } from './WithdrawnPage';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

// jsdom has no CSS.escape, which the keyboard's walk through a radio group uses.
const css = (globalThis as { CSS?: { escape?: (value: string) => string } }).CSS ?? {};
css.escape ??= (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
(globalThis as { CSS?: unknown }).CSS = css;

let store: ClientStore;
beforeEach(() => {
  store = createClientStore({ storage: null, events: null });
  store.loadStarted(PG_ID);
});
afterEach(() => {
  cleanup();
  store.dispose();
});

function apiAnswering(answer: () => Promise<WithdrawResponse>): DashboardApi & { withdraw: jest.Mock } {
  return { withdraw: jest.fn(answer) };
}

function renderPanel(api: DashboardApi, confirmIdentity?: (pgId: string) => Promise<void>, withdrawn = false) {
  serveDashboardApi(api);
  render(
    <Providers store={store}>
      <MemoryRouter initialEntries={['/survey']}>
        <Routes>
          <Route path="/survey" element={<WithdrawPanel pgId={PG_ID} confirmIdentity={confirmIdentity} withdrawn={withdrawn} />} />
          <Route path="/survey/withdrawn" element={<WithdrawnPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('the withdraw panel', () => {
  it('explains what withdrawing means, and is opened, answered and confirmed with the keyboard alone: erase', async () => {
    const user = userEvent.setup();
    const api = apiAnswering(async () => ({ outcome: 'erased', removedFromOpenHumans: true }));
    renderPanel(api);
    expect(screen.getByRole('heading', { name: 'Withdraw from the study' })).toBeTruthy();
    expect(screen.getByText(/removes you from the study's project on Open Humans/)).toBeTruthy();
    // The intro says what each choice does, and claims nothing the first choice does not do.
    expect(screen.getByText(/keep them for the research, or erase\s+them/)).toBeTruthy();
    expect(screen.queryByText(/stops using your answers/)).toBeNull();

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Withdraw from the study...' }));
    await user.keyboard('{Enter}');
    // Focus is on the first choice; the arrow key moves to the second and selects it.
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Keep my answers/ }));
    await user.keyboard('{ArrowDown}');
    expect((screen.getByRole('radio', { name: /Also erase/ }) as HTMLInputElement).checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    await user.keyboard('{Enter}');

    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Are you sure you want to withdraw?' }));
    expect(screen.getByText(/every answer and result the study holds about you will be erased/)).toBeTruthy();
    expect(api.withdraw).not.toHaveBeenCalled();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, withdraw and erase my data' }));
    await user.keyboard('{Enter}');

    expect(api.withdraw).toHaveBeenCalledWith(PG_ID, true);
    expect(store.getState().pgId).toBeNull();
    expect(await screen.findByRole('heading', { name: 'You have left the study' })).toBeTruthy();
    expect(screen.getByText(/have been erased from every part of the study/)).toBeTruthy();
  });

  it('withdraws keeping the data when that is chosen, and says so', async () => {
    const user = userEvent.setup();
    const api = apiAnswering(async () => ({ outcome: 'withdrawn', removedFromOpenHumans: true }));
    renderPanel(api);
    await user.click(screen.getByRole('button', { name: 'Withdraw from the study...' }));
    await user.click(screen.getByRole('radio', { name: /Keep my answers/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(/Your answers and results are kept for the research/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect(api.withdraw).toHaveBeenCalledWith(PG_ID, false);
    expect(await screen.findByText(/Your consent is withdrawn/)).toBeTruthy();
    expect(store.getState().pgId).toBeNull();
  });

  it('asks for a choice before going on, and Escape steps back, then closes, returning focus', async () => {
    const user = userEvent.setup();
    const api = apiAnswering(async () => ({ outcome: 'erased', removedFromOpenHumans: true }));
    renderPanel(api);
    await user.click(screen.getByRole('button', { name: 'Withdraw from the study...' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose whether to keep or erase your data.');
    expect(screen.queryByRole('heading', { name: 'Are you sure you want to withdraw?' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Also erase/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('heading', { name: 'Are you sure you want to withdraw?' })).toBeNull();
    expect((screen.getByRole('radio', { name: /Also erase/ }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('radio')).toBeNull();
    const reopen = await screen.findByRole('button', { name: 'Withdraw from the study...' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(document.activeElement).toBe(reopen);
    expect(api.withdraw).not.toHaveBeenCalled();
  });

  it('says nothing changed when Open Humans cannot be reached (503), keeps the study ID, and lets the participant try again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const api = apiAnswering(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError('Open Humans could not be reached.', 503, 'OH_UNAVAILABLE');
      return { outcome: 'erased', removedFromOpenHumans: true };
    });
    renderPanel(api);
    await user.click(screen.getByRole('button', { name: 'Withdraw from the study...' }));
    await user.click(screen.getByRole('radio', { name: /Also erase/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw and erase my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UNREACHABLE_TEXT);
    expect(store.getState().pgId).toBe(PG_ID);
    expect(screen.queryByRole('heading', { name: 'You have left the study' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Yes, withdraw and erase my data' }));
    expect(api.withdraw).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('heading', { name: 'You have left the study' })).toBeTruthy();
  });

  it("shows another failure's message and that nothing changed", async () => {
    const user = userEvent.setup();
    const api = apiAnswering(async () => {
      throw new ApiError('No participant with this study ID (it may have been erased already).', 404, 'PARTICIPANT_NOT_FOUND');
    });
    renderPanel(api);
    await user.click(screen.getByRole('button', { name: 'Withdraw from the study...' }));
    await user.click(screen.getByRole('radio', { name: /Keep my answers/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No participant with this study ID (it may have been erased already). Nothing has changed.');
    expect(store.getState().pgId).toBe(PG_ID);
  });

  it('offers confirming with Open Humans when the last confirmation is too old, and withdraws nothing meanwhile', async () => {
    const user = userEvent.setup();
    const api = apiAnswering(async () => {
      throw new ApiError("For this step, please confirm it's you with Open Humans again.", 401, 'RECENT_CONFIRMATION_REQUIRED');
    });
    const confirmIdentity = jest.fn(async () => undefined);
    renderPanel(api, confirmIdentity);
    await user.click(screen.getByRole('button', { name: 'Withdraw from the study...' }));
    await user.click(screen.getByRole('radio', { name: /Also erase/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw and erase my data' }));
    expect((await screen.findByRole('alert')).textContent).toContain("please confirm it's you with Open Humans again");
    await user.click(screen.getByRole('button', { name: "Confirm it's you with Open Humans" }));
    expect(confirmIdentity).toHaveBeenCalledWith(PG_ID);
    expect(store.getState().pgId).toBe(PG_ID);
  });
});

describe('the withdraw panel, its look', () => {
  it('puts each choice in a fieldset with its legend, the radio and its text together in one label', async () => {
    const user = userEvent.setup();
    renderPanel(apiAnswering(async () => ({ outcome: 'withdrawn', removedFromOpenHumans: true })));
    await user.click(screen.getByRole('button', { name: 'Withdraw from the study...' }));
    const group = screen.getByRole('group', { name: 'What should happen to your data?' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')?.className).toBe('withdraw__legend');
    for (const radio of screen.getAllByRole('radio')) {
      const row = radio.closest('label');
      // One tap row: the radio, then its text in its own box beside it (the text wraps there, not under the radio).
      expect(row?.className).toBe('withdraw__option');
      expect(radio.nextElementSibling?.tagName).toBe('SPAN');
      expect(row?.childNodes).toHaveLength(2);
    }
  });
});

describe('the panel of a participant who has withdrawn already', () => {
  it("offers no 'Withdraw' again, only erasing the data kept, confirmed first", async () => {
    const user = userEvent.setup();
    const api = apiAnswering(async () => ({ outcome: 'erased', removedFromOpenHumans: false }));
    renderPanel(api, undefined, true);
    expect(screen.queryByRole('button', { name: 'Withdraw from the study...' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Withdraw from the study' })).toBeNull();
    expect(screen.getByText(/You have withdrawn from the study/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Erase my answers and results...' }));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Are you sure you want your data erased?' }));
    expect(api.withdraw).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, erase my data' }));
    expect(api.withdraw).toHaveBeenCalledWith(PG_ID, true);
    expect(await screen.findByText(/have been erased from every part of the study/)).toBeTruthy();
  });

  it('Go back closes it again', async () => {
    const user = userEvent.setup();
    renderPanel(apiAnswering(async () => ({ outcome: 'erased', removedFromOpenHumans: false })), undefined, true);
    await user.click(screen.getByRole('button', { name: 'Erase my answers and results...' }));
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('button', { name: 'Erase my answers and results...' })).toBeTruthy();
  });
});

describe('the page after withdrawing', () => {
  const openDirectly = (address: string) =>
    render(
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/survey/withdrawn" element={<WithdrawnPage />} />
        </Routes>
      </MemoryRouter>,
    );

  it.each(['/survey/withdrawn', '/survey/withdrawn?data=erased', '/survey/withdrawn?data=kept'])('opened directly (%s) claims no withdrawal and no erasure', (address) => {
    openDirectly(address);
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawing from the study' })).toBeTruthy();
    expect(screen.getByText(/nothing has changed/)).toBeTruthy();
    expect(screen.queryByText(/erased/)).toBeNull();
    expect(screen.queryByText(/You have been removed/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the Dashboard' }).getAttribute('href')).toBe('/survey');
  });
});
