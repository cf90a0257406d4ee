import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROSTER_CSV_COLUMNS } from '@study/contracts';
import { AdminApiError } from '../../../api/admin-api';
import { MASTER_KEY_STORAGE_KEY } from '../../../lib/master-key';
import { renderPage } from '../../../test-support/render';
import { recordSavedFiles } from '../../../test-support/saved-files';
import { serveAdminApi, StreamedFile } from '../../../test-support/serve-admin-api';
import { ReadyCsvPage, ROSTER_COLUMN_TEXTS } from './ReadyCsvPage';

const render = (page: Parameters<typeof renderPage>[0]) => renderPage(page, '/ready-csv');

beforeEach(() => sessionStorage.clear());

function submitButton() {
  return screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
}

describe('ReadyCsvPage', () => {
  it("names exactly the roster file's columns, each with what it holds, and promises no MBTI type", () => {
    render(<ReadyCsvPage />);
    const section = screen.getByRole('region', { name: 'The columns of roster.csv' });
    expect(within(section).getAllByRole('term').map((term) => term.textContent)).toEqual([...ROSTER_CSV_COLUMNS]);
    expect(within(section).getAllByRole('definition').map((definition) => definition.textContent)).toEqual(ROSTER_CSV_COLUMNS.map((column) => ROSTER_COLUMN_TEXTS[column]));
    expect(ROSTER_COLUMN_TEXTS.dataReady).toBe('true once their official MBTI result is in (the MBTI type itself is not in this file)');
    expect(document.body.textContent).not.toMatch(/whether their MBTI result is in/);
  });

  it('keeps Submit disabled until a master key is entered', async () => {
    render(<ReadyCsvPage />);
    const key = screen.getByLabelText('Master Key') as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(submitButton().disabled).toBe(true);
    await userEvent.type(key, '   ');
    expect(submitButton().disabled).toBe(true);
    await userEvent.clear(key);
    await userEvent.type(key, 's3cret');
    expect(submitButton().disabled).toBe(false);
  });

  it('shows Generating... while the download runs, then success', async () => {
    const saved = recordSavedFiles();
    let finish: (file: StreamedFile) => void = () => undefined;
    const roster = jest.fn(() => new Promise<StreamedFile>((resolve) => (finish = resolve)));
    serveAdminApi({ roster });
    render(<ReadyCsvPage />);
    await userEvent.type(screen.getByLabelText('Master Key'), 's3cret');
    await userEvent.click(submitButton());
    expect(roster).toHaveBeenCalledWith('', expect.objectContaining({ params: { masterKey: 's3cret' } }));
    expect(screen.getByRole('status').textContent).toContain('Generating...');
    expect(submitButton().disabled).toBe(true);
    finish(new StreamedFile(['pgId\n']));
    expect(await screen.findByText('roster.csv has been downloaded.')).toBeTruthy();
    expect(saved.map(({ fileName }) => fileName)).toEqual(['roster.csv']);
  });

  it('shows the failure as a danger notice', async () => {
    serveAdminApi({ roster: async () => Promise.reject(new AdminApiError('The master key is not valid.', 403)) });
    render(<ReadyCsvPage />);
    await userEvent.type(screen.getByLabelText('Master Key'), 'wrong');
    await userEvent.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(alert.textContent).toContain('The master key is not valid.');
    expect(submitButton().disabled).toBe(false);
  });

  it('keeps the key for this tab only (sessionStorage), so the other admin pages have it', async () => {
    const { unmount } = render(<ReadyCsvPage />);
    await userEvent.type(screen.getByLabelText('Master Key'), 's3cret');
    expect(sessionStorage.getItem(MASTER_KEY_STORAGE_KEY)).toBe('s3cret');
    expect(localStorage.length).toBe(0);
    unmount();
    render(<ReadyCsvPage />);
    expect((screen.getByLabelText('Master Key') as HTMLInputElement).value).toBe('s3cret');
    expect(submitButton().disabled).toBe(false);
  });
});
