import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROSTER_CSV_COLUMNS } from '@study/contracts';
import { renderPage } from '../../../test-support/render';
import { MASTER_KEY_STORAGE_KEY } from '../../../lib/master-key';
import { ReadyCsvPage, ROSTER_COLUMN_TEXTS } from './ReadyCsvPage';

const render = (page: Parameters<typeof renderPage>[0]) => renderPage(page, '/ready-csv');

beforeEach(() => sessionStorage.clear());

function submitButton() {
  return screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
}

describe('ReadyCsvPage', () => {
  it("names exactly the roster file's columns, each with what it holds, and promises no MBTI type", () => {
    render(<ReadyCsvPage download={jest.fn()} />);
    const section = screen.getByRole('region', { name: 'The columns of roster.csv' });
    expect(within(section).getAllByRole('term').map((term) => term.textContent)).toEqual([...ROSTER_CSV_COLUMNS]);
    expect(within(section).getAllByRole('definition').map((definition) => definition.textContent)).toEqual(ROSTER_CSV_COLUMNS.map((column) => ROSTER_COLUMN_TEXTS[column]));
    expect(ROSTER_COLUMN_TEXTS.dataReady).toBe('true once their official MBTI result is in (the MBTI type itself is not in this file)');
    expect(document.body.textContent).not.toMatch(/whether their MBTI result is in/);
  });

  it('keeps Submit disabled until a master key is entered', async () => {
    render(<ReadyCsvPage download={jest.fn()} />);
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
    let finish: () => void = () => undefined;
    const download = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ReadyCsvPage download={download} />);
    await userEvent.type(screen.getByLabelText('Master Key'), 's3cret');
    await userEvent.click(submitButton());
    expect(download).toHaveBeenCalledWith('s3cret');
    expect(screen.getByRole('status').textContent).toContain('Generating...');
    expect(submitButton().disabled).toBe(true);
    finish();
    expect(await screen.findByText('roster.csv has been downloaded.')).toBeTruthy();
  });

  it('shows the failure as a danger notice', async () => {
    const download = jest.fn(async () => {
      throw new Error('The master key is not valid.');
    });
    render(<ReadyCsvPage download={download} />);
    await userEvent.type(screen.getByLabelText('Master Key'), 'wrong');
    await userEvent.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(alert.textContent).toContain('The master key is not valid.');
    expect(submitButton().disabled).toBe(false);
  });

  it('keeps the key for this tab only (sessionStorage), so the other admin pages have it', async () => {
    const { unmount } = render(<ReadyCsvPage download={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Master Key'), 's3cret');
    expect(sessionStorage.getItem(MASTER_KEY_STORAGE_KEY)).toBe('s3cret');
    expect(localStorage.length).toBe(0);
    unmount();
    render(<ReadyCsvPage download={jest.fn()} />);
    expect((screen.getByLabelText('Master Key') as HTMLInputElement).value).toBe('s3cret');
    expect(submitButton().disabled).toBe(false);
  });
});
