import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROSTER_CSV_COLUMNS } from '@study/contracts';
import { AdminApiError } from '../../../api/admin-api';
import { renderPage } from '../../../test-support/render';
import { recordSavedFiles } from '../../../test-support/saved-files';
import { requestsOf, serveAdminApi, StreamedFile } from '../../../test-support/serve-admin-api';
import { staffSession } from '../../../test-support/staff-sessions';
import { ReadyCsvPage, ROSTER_COLUMN_TEXTS } from './ReadyCsvPage';

const render = (page: Parameters<typeof renderPage>[0]) => renderPage(page, '/ready-csv');

function submitButton() {
  return screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
}

describe('ReadyCsvPage with the master key (no sign-in, as the spec has it)', () => {
  it("names exactly the roster file's columns, each with what it holds, and promises no MBTI type", async () => {
    serveAdminApi({}, { session: null });
    render(<ReadyCsvPage />);
    await screen.findByText('Not signed in.');
    const section = screen.getByRole('region', { name: 'The columns of roster.csv' });
    expect(within(section).getAllByRole('term').map((term) => term.textContent)).toEqual([...ROSTER_CSV_COLUMNS]);
    expect(within(section).getAllByRole('definition').map((definition) => definition.textContent)).toEqual(ROSTER_CSV_COLUMNS.map((column) => ROSTER_COLUMN_TEXTS[column]));
    expect(ROSTER_COLUMN_TEXTS.dataReady).toBe('true once their official MBTI result is in (the MBTI type itself is not in this file)');
    expect(document.body.textContent).not.toMatch(/whether their MBTI result is in/);
  });

  it('keeps Submit disabled until a master key is entered', async () => {
    serveAdminApi({}, { session: null });
    render(<ReadyCsvPage />);
    await screen.findByText('Not signed in.');
    const key = screen.getByLabelText('Master Key') as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(submitButton().disabled).toBe(true);
    await userEvent.type(key, '   ');
    expect(submitButton().disabled).toBe(true);
    await userEvent.clear(key);
    await userEvent.type(key, 's3cret');
    expect(submitButton().disabled).toBe(false);
  });

  it('downloads through GET /api/ohready/{masterKey} without anybody signed in: Generating... while it runs, then success', async () => {
    const saved = recordSavedFiles();
    let finish: (file: StreamedFile) => void = () => undefined;
    const roster = jest.fn(() => new Promise<StreamedFile>((resolve) => (finish = resolve)));
    const served = serveAdminApi({ roster }, { session: null });
    render(<ReadyCsvPage />);
    // Nobody signed in: the form is there, and the way to sign in beside the tools' links.
    expect(await screen.findByText('Not signed in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/staff-sign-in?next=%2Fready-csv');
    expect(screen.queryByRole('button', { name: 'Download the roster' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Master Key'), 's3cret');
    await userEvent.click(submitButton());
    expect(roster).toHaveBeenCalledWith(expect.objectContaining({ params: { masterKey: 's3cret' } }));
    expect(requestsOf(served).at(-1)).toMatchObject({ method: 'GET', url: '/api/ohready/s3cret' });
    expect(screen.getByRole('status').textContent).toContain('Generating...');
    expect(submitButton().disabled).toBe(true);
    finish(new StreamedFile(['pgId\n']));
    expect(await screen.findByText('roster.csv has been downloaded.')).toBeTruthy();
    expect(saved.map(({ fileName }) => fileName)).toEqual(['roster.csv']);
  });

  it('shows the failure as a danger notice', async () => {
    serveAdminApi({ roster: async () => Promise.reject(new AdminApiError('The master key is not valid.', 403)) }, { session: null });
    render(<ReadyCsvPage />);
    await screen.findByText('Not signed in.');
    await userEvent.type(screen.getByLabelText('Master Key'), 'wrong');
    await userEvent.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(alert.textContent).toContain('The master key is not valid.');
    expect(submitButton().disabled).toBe(false);
  });

  it('keeps the key in the page only: nothing in sessionStorage or localStorage, and gone when the page is left', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    serveAdminApi({}, { session: null });
    const { unmount } = render(<ReadyCsvPage />);
    await screen.findByText('Not signed in.');
    await userEvent.type(screen.getByLabelText('Master Key'), 's3cret');
    expect(setItem).not.toHaveBeenCalled();
    expect(sessionStorage.length + localStorage.length).toBe(0);
    unmount();
    render(<ReadyCsvPage />);
    await screen.findByText('Not signed in.');
    expect((screen.getByLabelText('Master Key') as HTMLInputElement).value).toBe('');
  });
});

describe('ReadyCsvPage for a signed-in data manager', () => {
  it("offers 'Download the roster' without a key, through a one-time 'roster' download link", async () => {
    const link = jest.fn(async () => ({ url: '/api/admin/roster?token=r.1', expiresAt: '2026-03-01T10:01:00.000Z' }));
    const served = serveAdminApi({ createDownloadLink: link }, { session: staffSession('data-manager') });
    const download = jest.fn();
    render(<ReadyCsvPage download={download} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download the roster' }));
    expect(await screen.findByText('The download of roster.csv has started.')).toBeTruthy();
    expect(link).toHaveBeenCalledWith(expect.objectContaining({ body: { resource: 'roster' } }));
    expect(download).toHaveBeenCalledWith('/api/admin/roster?token=r.1');
    const asked = requestsOf(served).find((request) => request.url === '/api/admin/download-links');
    expect(asked?.headers['x-csrf-token']).toBe('csrf-data-manager-token');
    // The spec's form is still there.
    expect(screen.getByLabelText('Master Key')).toBeTruthy();
    expect(submitButton()).toBeTruthy();
  });

  it('offers no keyless download to a viewer, whose role does not include the roster', async () => {
    serveAdminApi({}, { session: staffSession('viewer') });
    render(<ReadyCsvPage />);
    expect(await screen.findByText('Signed in as Victor Viewer (Viewer)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the roster' })).toBeNull();
    expect(screen.getByLabelText('Master Key')).toBeTruthy();
  });
});
