import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTHORIZATION_STATE_KEY } from '@study/client-state';
import { CONFIRMATION_STORAGE_KEY } from '@study/open-humans-confirmation';
import { MemoryRouter } from 'react-router-dom';
import { ConfirmIdentity } from './ConfirmIdentity';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

beforeEach(() => localStorage.clear());

describe('ConfirmIdentity', () => {
  it('starts the Open Humans round trip in this tab, with a fresh state /return will recognise as a confirmation', async () => {
    const go = jest.fn();
    render(
      <MemoryRouter>
        <ConfirmIdentity pgId={PG_ID} reason="Please confirm it's you with Open Humans on this browser." go={go} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: "Confirm it's you with Open Humans" })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm with Open Humans' }));
    const url = new URL(go.mock.calls[0][0] as string, 'http://study.test');
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(url.pathname).toBe('/api/authorization');
    expect(localStorage.getItem(AUTHORIZATION_STATE_KEY)).toBe(state);
    expect(JSON.parse(localStorage.getItem(CONFIRMATION_STORAGE_KEY) ?? '{}')).toEqual({ state, returnTo: `/survey/${PG_ID}` });
  });

  it('offers entering another study ID and joining', async () => {
    const other = jest.fn();
    render(
      <MemoryRouter>
        <ConfirmIdentity pgId={PG_ID} reason="Please confirm." onOtherStudyId={other} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enter another study ID' }));
    expect(other).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: "Yes I'd Like to Participate" }).getAttribute('href')).toBe('/consent');
  });
});
