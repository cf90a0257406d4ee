import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApiError } from '../../../api/admin-api';
import { renderPage } from '../../../test-support/render';
import { recordSavedFiles } from '../../../test-support/saved-files';
import { serveAdminApi, StreamedFile } from '../../../test-support/serve-admin-api';
import { staffSession } from '../../../test-support/staff-sessions';
import { AnalysisExportPage } from './AnalysisExportPage';

const EXPIRES_AT = '2026-03-01T12:01:00.000Z';
const LINKS = { export: '/api/admin/analysis-export?token=e', dictionary: '/api/admin/analysis-export/dictionary?token=d' };

/** The download calls as the test fakes them, for a signed-in data manager: the link with what it was sent, and each file's parts. */
function fakeApi(files: { export?: () => Promise<StreamedFile>; dictionary?: () => Promise<StreamedFile> } = {}, session = staffSession('data-manager')) {
  const link = jest.fn(async ({ body }: { body: unknown }) => ({ url: LINKS[(body as { resource: 'export' | 'dictionary' }).resource], expiresAt: EXPIRES_AT }));
  serveAdminApi(
    {
      createDownloadLink: link,
      analysisExport: files.export ?? (async () => new StreamedFile(['studyId\r\n'])),
      analysisDictionary: files.dictionary ?? (async () => new StreamedFile(['{}'], 'application/json')),
    },
    { session },
  );
  return { link };
}

/** A part of a file the test holds back until it sends it. */
function heldPart() {
  let send!: (text: string) => void;
  const part = new Promise<string>((resolve) => (send = resolve));
  return { part, send };
}

/** The page, once the signed-in person's tools show. */
async function render() {
  renderPage(<AnalysisExportPage />, '/analysis-export');
  await screen.findByRole('button', { name: 'Download analysis-export.csv' });
}

const exportButton = () => screen.getByRole('button', { name: 'Download analysis-export.csv' }) as HTMLButtonElement;
const dictionaryButton = () => screen.getByRole('button', { name: 'Download the data dictionary' }) as HTMLButtonElement;
const section = (name: string) => screen.getByRole('region', { name });

describe('AnalysisExportPage', () => {
  it('offers both downloads to a data manager, with no master key, and is in the admin navigation', async () => {
    fakeApi();
    await render();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Analysis export');
    expect(screen.getByRole('link', { name: 'Analysis export' }).className).toContain('admin-nav__link--active');
    expect([exportButton().disabled, dictionaryButton().disabled]).toEqual([false, false]);
    expect(screen.queryByLabelText('Master Key')).toBeNull();
  });

  it("tells a viewer their role does not include it, and offers no download", async () => {
    fakeApi({}, staffSession('viewer'));
    renderPage(<AnalysisExportPage />, '/analysis-export');
    expect((await screen.findByRole('alert')).textContent).toContain('Your role (Viewer) does not include downloading the analysis export.');
    expect(screen.queryByRole('button', { name: /^Download/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Analysis export' })).toBeNull();
  });

  it('shows the progress of the export while it comes in, then that it was downloaded', async () => {
    const saved = recordSavedFiles();
    const first = heldPart();
    const second = heldPart();
    const { link } = fakeApi({
      export: async () =>
        new StreamedFile(
          (async function* () {
            yield await first.part;
            yield await second.part;
          })(),
        ),
    });
    await render();
    await userEvent.click(exportButton());

    expect(link).toHaveBeenCalledWith(expect.objectContaining({ body: { resource: 'export' } }));
    const area = section('Analysis export');
    expect(within(area).getByRole('status').textContent).toContain('Generating...');
    expect(exportButton().disabled).toBe(true);
    // The other file can be fetched meanwhile.
    expect(dictionaryButton().disabled).toBe(false);
    await act(async () => first.send('x'.repeat(12_595)));
    expect(await within(area).findByText('Generating... 12.3 KB received')).toBeTruthy();
    await act(async () => second.send('y'.repeat(20_480 - 12_595)));
    expect(await within(area).findByText('analysis-export.csv has been downloaded (20.0 KB).')).toBeTruthy();
    expect(saved.map(({ fileName, data }) => [fileName, data.size])).toEqual([['analysis-export.csv', 20_480]]);
    expect(exportButton().disabled).toBe(false);
  });

  it('downloads the data dictionary', async () => {
    const saved = recordSavedFiles();
    const { link } = fakeApi({ dictionary: async () => new StreamedFile(['x'.repeat(900)], 'application/json') });
    await render();
    await userEvent.click(dictionaryButton());
    expect(link).toHaveBeenCalledWith(expect.objectContaining({ body: { resource: 'dictionary' } }));
    expect(await within(section('Data dictionary')).findByText('analysis-export-dictionary.json has been downloaded (900 bytes).')).toBeTruthy();
    expect(saved.map(({ fileName }) => fileName)).toEqual(['analysis-export-dictionary.json']);
  });

  it('shows a failure as a danger notice under the file it concerns', async () => {
    recordSavedFiles();
    serveAdminApi({ createDownloadLink: async () => Promise.reject(new AdminApiError('The export could not be made.', 503)) }, { session: staffSession('data-manager') });
    await render();
    await userEvent.click(exportButton());
    const alert = await within(section('Analysis export')).findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(alert.textContent).toContain('The analysis export could not be downloaded.');
    expect(alert.textContent).toContain('The export could not be made.');
    expect(within(section('Data dictionary')).queryByRole('alert')).toBeNull();
    expect(exportButton().disabled).toBe(false);
  });

  it('is used with the keyboard alone: Sign out, then each download button', async () => {
    recordSavedFiles();
    const { link } = fakeApi();
    await render();
    screen.getByRole('button', { name: 'Sign out' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(exportButton());
    await userEvent.keyboard('{Enter}');
    expect(link).toHaveBeenCalledWith(expect.objectContaining({ body: { resource: 'export' } }));
  });
});
