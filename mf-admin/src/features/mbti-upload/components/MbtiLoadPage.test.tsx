import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MbtiScores, MbtiUploadResponse } from '@study/contracts';
import { renderPage } from '../../../test-support/render';
import { requestsOf, serveAdminApi } from '../../../test-support/serve-admin-api';
import { staffSession } from '../../../test-support/staff-sessions';
import { MbtiLoadPage } from './MbtiLoadPage';

jest.mock('csv-parse/browser/esm/sync', () => jest.requireActual('csv-parse/sync'));

// jsdom's File has no text() (browsers have had it for years): read it through FileReader.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}

const A = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const B = '7d9e2a10-5b6c-4d7e-9f80-112233445566';
const UNKNOWN = 'a1b2c3d4-0000-4000-8000-000000000000';
const HEADER = 'EMAIL,FormM_WholeType,FormM_pci1,FormM_pci2,FormM_pci3,FormM_pci4,FormM_dpref1,FormM_dpref2,FormM_dpref3,FormM_dpref4';
const CSV = [HEADER, `${A}@study.org,INTJ,1,2,3,4,5,6,7,8`, 'nobody@study.org,INTJ,1,2,3,4,5,6,7,8', `${B}@study.org,ENFP,1,2,3,4,5,6,7,8`, `${UNKNOWN}@study.org,QQQQ,1,2,3,4,5,6,7,8`].join('\n');
const ANSWER: MbtiUploadResponse = { insertedCount: 1, matchedCount: 1, modifiedCount: 0, deletedCount: 0, upsertedCount: 0, unknownPgIds: [B], updatedParticipants: 1 };

/** The page's calls as the test fakes them: each with what it was sent. */
interface MbtiApi {
  uploadMbtiScores(rows: Record<string, MbtiScores>): Promise<MbtiUploadResponse>;
  /** The download link of a resource. */
  downloadLink(resource: string): Promise<string>;
}

function fakeApi(overrides: Partial<MbtiApi> = {}): jest.Mocked<MbtiApi> {
  return {
    uploadMbtiScores: jest.fn(async () => ANSWER),
    downloadLink: jest.fn(async () => '/api/stats?token=abc.def'),
    ...overrides,
  } as jest.Mocked<MbtiApi>;
}

/** The page for a signed-in data manager, its calls answered by the fake; resolves once the form shows. */
async function renderMbtiLoad(api: MbtiApi, download: (url: string) => void, path?: string) {
  const served = serveAdminApi(
    {
      uploadMbti: ({ body }) => api.uploadMbtiScores(body as Record<string, MbtiScores>),
      createDownloadLink: async ({ body }) => ({ url: await api.downloadLink((body as { resource: string }).resource), expiresAt: '2026-03-01T10:01:00.000Z' }),
    },
    { session: staffSession('data-manager') },
  );
  renderPage(<MbtiLoadPage download={download} />, path);
  await screen.findByLabelText('Score file (.csv)');
  return served;
}

const csvFile = (text = CSV, name = 'scores.csv') => new File([text], name, { type: 'text/csv' });
const fileInput = () => screen.getByLabelText('Score file (.csv)') as HTMLInputElement;
const uploadButton = () => screen.getByRole('button', { name: 'Upload scores' }) as HTMLButtonElement;

describe('/mbti-load', () => {
  it('uploads the usable rows, shows the five counts, the unknown study IDs and the rows not used', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    const served = await renderMbtiLoad(api, jest.fn(), '/mbti-load');
    expect(screen.queryByLabelText('Master Key')).toBeNull();
    expect(uploadButton().disabled).toBe(true);
    await user.upload(fileInput(), csvFile());
    await user.click(uploadButton());

    expect(await screen.findByText('scores.csv has been uploaded.')).toBeTruthy();
    // With the session's CSRF token, and no master key.
    const upload = requestsOf(served).find((request) => request.url === '/api/user/mbti');
    expect(upload?.headers['x-csrf-token']).toBe('csrf-data-manager-token');
    expect(upload?.headers['x-master-key']).toBeUndefined();
    expect(api.uploadMbtiScores).toHaveBeenCalledWith({
      [A]: { wholeType: 'INTJ', pci1: 1, pci2: 2, pci3: 3, pci4: 4, dpref1: 5, dpref2: 6, dpref3: 7, dpref4: 8 },
      [B]: { wholeType: 'ENFP', pci1: 1, pci2: 2, pci3: 3, pci4: 4, dpref1: 5, dpref2: 6, dpref3: 7, dpref4: 8 },
    });
    const counts = screen.getByLabelText('Upload counts');
    expect(within(counts).getAllByRole('term').map((term) => term.textContent)).toEqual(['Inserted', 'Matched', 'Modified', 'Deleted', 'Upserted']);
    expect(within(counts).getAllByRole('definition').map((value) => value.textContent)).toEqual(['1', '1', '0', '0', '0']);
    expect(within(screen.getByRole('list', { name: 'Unknown study IDs' })).getByText(B)).toBeTruthy();

    const rejected = screen.getByRole('region', { name: 'Rows not used (2)' });
    const rows = within(rejected).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', 'EMAIL "nobody@study.org" does not start with a study ID (a version-4 UUID before the @)'],
      ['5', 'FormM_WholeType "QQQQ" is not one of the 16 types'],
    ]);
  });

  it('accepts only .csv files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderMbtiLoad(fakeApi(), jest.fn());
    await user.upload(fileInput(), new File(['x'], 'scores.xlsx'));
    expect(screen.getByRole('alert').textContent).toContain('scores.xlsx is not a .csv file. Only .csv files are accepted.');
    expect(uploadButton().disabled).toBe(true);
    expect(fileInput().accept).toBe('.csv,text/csv');
  });

  it('reports a file that cannot be read on screen and in the log, and sends nothing', async () => {
    const api = fakeApi();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderMbtiLoad(api, jest.fn());
    const file = csvFile();
    Object.defineProperty(file, 'text', { value: () => Promise.reject(new Error('The file changed while it was read.')) });
    await user.upload(fileInput(), file);
    await user.click(uploadButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('scores.csv could not be read. The file changed while it was read.');
    expect(logged).toHaveBeenCalled();
    expect(api.uploadMbtiScores).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('reports a CSV without the columns, and sends nothing', async () => {
    const api = fakeApi();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderMbtiLoad(api, jest.fn());
    await user.upload(fileInput(), csvFile('email,type\nx@y.org,INTJ\n'));
    await user.click(uploadButton());
    expect((await screen.findByRole('alert')).textContent).toContain('The file has no column FormM_WholeType, FormM_pci1');
    expect(api.uploadMbtiScores).not.toHaveBeenCalled();
  });

  it('shows the server refusal as a danger notice, with the rows not used', async () => {
    const api = fakeApi({ uploadMbtiScores: jest.fn(async () => Promise.reject(new Error('The scores could not be stored.'))) });
    const user = userEvent.setup();
    await renderMbtiLoad(api, jest.fn());
    await user.upload(fileInput(), csvFile());
    await user.click(uploadButton());
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(alert.textContent).toContain('The scores could not be stored.');
    expect(screen.getByRole('region', { name: 'Rows not used (2)' })).toBeTruthy();
  });

  it('Download statistics asks for a one-time link and lets the browser download it', async () => {
    const api = fakeApi();
    const download = jest.fn();
    const user = userEvent.setup();
    await renderMbtiLoad(api, download);
    await user.click(screen.getByRole('button', { name: 'Download statistics' }));
    expect(await screen.findByText('The statistics download has started.')).toBeTruthy();
    expect(api.downloadLink).toHaveBeenCalledWith('stats');
    expect(download).toHaveBeenCalledWith('/api/stats?token=abc.def');
  });

  it("tells a viewer their role does not include it, instead of the upload and the statistics", async () => {
    serveAdminApi({}, { session: staffSession('viewer') });
    renderPage(<MbtiLoadPage download={jest.fn()} />, '/mbti-load');
    expect((await screen.findByRole('alert')).textContent).toContain('Your role (Viewer) does not include uploading MBTI scores or downloading the statistics.');
    expect(screen.queryByLabelText('Score file (.csv)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download statistics' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'MBTI upload' })).toBeNull();
  });
});
