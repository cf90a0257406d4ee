import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../test-support/render';
import { MASTER_KEY_STORAGE_KEY } from '../../../lib/master-key';
import { ReadyCsvPage } from './ReadyCsvPage';

const render = (page: Parameters<typeof renderPage>[0]) => renderPage(page, '/ready-csv');

beforeEach(() => sessionStorage.clear());

function submitButton() {
  return screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
}

describe('ReadyCsvPage', () => {
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
