import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MASTER_KEY_STORAGE_KEY } from '../../../lib/master-key';
import { renderPage } from '../../../test-support/render';
import { AnalysisExportPage } from './AnalysisExportPage';

const render = (page: Parameters<typeof renderPage>[0]) => renderPage(page, '/analysis-export');

beforeEach(() => sessionStorage.clear());

const exportButton = () => screen.getByRole('button', { name: 'Download analysis-export.csv' }) as HTMLButtonElement;
const dictionaryButton = () => screen.getByRole('button', { name: 'Download the data dictionary' }) as HTMLButtonElement;
const section = (name: string) => screen.getByRole('region', { name });

describe('AnalysisExportPage', () => {
  it('offers both downloads, disabled until a master key is entered, and is in the admin navigation', async () => {
    render(<AnalysisExportPage download={jest.fn()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Analysis export');
    expect(screen.getByRole('link', { name: 'Analysis export' }).className).toContain('admin-nav__link--active');
    expect([exportButton().disabled, dictionaryButton().disabled]).toEqual([true, true]);
    await userEvent.type(screen.getByLabelText('Master Key'), '   ');
    expect(exportButton().disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Master Key'), 's3cret');
    expect([exportButton().disabled, dictionaryButton().disabled]).toEqual([false, false]);
  });

  it('shows the progress of the export while it comes in, then that it was downloaded', async () => {
    let progress: (bytes: number) => void = () => undefined;
    let finish: (value: { bytes: number }) => void = () => undefined;
    const download = jest.fn((_key: string, _resource: string, _file: string, onProgress: (bytes: number) => void) => {
      progress = onProgress;
      return new Promise<{ bytes: number }>((resolve) => (finish = resolve));
    });
    render(<AnalysisExportPage download={download} />);
    await userEvent.type(screen.getByLabelText('Master Key'), 's3cret');
    await userEvent.click(exportButton());

    expect(download).toHaveBeenCalledWith('s3cret', 'export', 'analysis-export.csv', expect.any(Function));
    const area = section('Analysis export');
    expect(within(area).getByRole('status').textContent).toContain('Generating...');
    expect(exportButton().disabled).toBe(true);
    // The other file can be fetched meanwhile.
    expect(dictionaryButton().disabled).toBe(false);
    act(() => progress(12_595));
    expect((await within(area).findByText('Generating... 12.3 KB received')).textContent).toBeTruthy();
    await act(async () => finish({ bytes: 20_480 }));
    expect(await within(area).findByText('analysis-export.csv has been downloaded (20.0 KB).')).toBeTruthy();
    expect(exportButton().disabled).toBe(false);
  });

  it('downloads the data dictionary', async () => {
    const download = jest.fn(async () => ({ bytes: 900 }));
    render(<AnalysisExportPage download={download} />);
    await userEvent.type(screen.getByLabelText('Master Key'), 's3cret');
    await userEvent.click(dictionaryButton());
    expect(download).toHaveBeenCalledWith('s3cret', 'dictionary', 'analysis-export-dictionary.json', expect.any(Function));
    expect(await within(section('Data dictionary')).findByText('analysis-export-dictionary.json has been downloaded (900 bytes).')).toBeTruthy();
  });

  it('shows a failure as a danger notice under the file it concerns', async () => {
    const download = jest.fn(async () => {
      throw new Error('The master key is not correct.');
    });
    render(<AnalysisExportPage download={download} />);
    await userEvent.type(screen.getByLabelText('Master Key'), 'wrong');
    await userEvent.click(exportButton());
    const alert = await within(section('Analysis export')).findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(alert.textContent).toContain('The analysis export could not be downloaded.');
    expect(alert.textContent).toContain('The master key is not correct.');
    expect(within(section('Data dictionary')).queryByRole('alert')).toBeNull();
    expect(exportButton().disabled).toBe(false);
  });

  it('is used with the keyboard alone: the key field, then each download button', async () => {
    const download = jest.fn(async () => ({ bytes: 1 }));
    render(<AnalysisExportPage download={download} />);
    await userEvent.click(screen.getByLabelText('Master Key'));
    await userEvent.keyboard('s3cret');
    await userEvent.tab();
    expect(document.activeElement).toBe(exportButton());
    await userEvent.keyboard('{Enter}');
    expect(download).toHaveBeenCalledWith('s3cret', 'export', 'analysis-export.csv', expect.any(Function));
  });

  it('uses the key kept for this tab by the other admin pages', () => {
    sessionStorage.setItem(MASTER_KEY_STORAGE_KEY, 's3cret');
    render(<AnalysisExportPage download={jest.fn()} />);
    expect((screen.getByLabelText('Master Key') as HTMLInputElement).value).toBe('s3cret');
    expect(exportButton().disabled).toBe(false);
  });
});
