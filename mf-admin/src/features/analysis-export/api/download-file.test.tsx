import { AdminApiError } from '../../../api/admin-api';
import { recordSavedFiles, textOf } from '../../../test-support/saved-files';
import { serveAdminApi, StreamedFile } from '../../../test-support/serve-admin-api';
import { clientOf } from '../../../test-support/staff-sessions';
import { downloadFile, FileDownloadError, formatBytes } from './download-file';

const LINK = { url: '/api/admin/analysis-export?token=abc', expiresAt: '2026-03-01T12:01:00.000Z' };

/** A file that breaks off after its first part, as a dropped connection does. */
async function* brokenOff(): AsyncIterable<string> {
  yield 'studyId\r\n';
  throw new TypeError('network error');
}

describe('downloadFile', () => {
  it('asks for a one-time link for the resource, reads the file chunk by chunk reporting the bytes, and saves it whole', async () => {
    const saved = recordSavedFiles();
    const link = jest.fn(async (_request: { headers: Record<string, string> }) => LINK);
    const file = jest.fn(async () => new StreamedFile(['studyId,consent\r\n', 'a,true\r\n']));
    const fetchMock = serveAdminApi({ createDownloadLink: link, analysisExport: file });
    const progress: number[] = [];
    const result = await downloadFile(clientOf(), { resource: 'export', fileName: 'analysis-export.csv', onProgress: (bytes) => progress.push(bytes) });

    expect(link).toHaveBeenCalledWith(expect.objectContaining({ body: { resource: 'export' } }));
    expect(fetchMock).toHaveBeenLastCalledWith('/api/admin/analysis-export?token=abc', expect.objectContaining({ method: 'GET' }));
    // The link call carries the session's CSRF token; the file's request only the link's token.
    expect(link.mock.calls[0]?.[0]).toMatchObject({ headers: { 'x-csrf-token': 'csrf-owner-token' } });
    expect(JSON.stringify(fetchMock.mock.calls.at(-1))).not.toContain('csrf-owner-token');
    expect(progress).toEqual([17, 25]);
    expect(result).toEqual({ bytes: 25 });
    expect(saved.map(({ fileName }) => fileName)).toEqual(['analysis-export.csv']);
    expect(saved[0]?.data.type).toBe('text/csv; charset=utf-8');
    expect(await textOf(saved[0]!.data)).toBe('studyId,consent\r\na,true\r\n');
  });

  it('rejects with what the link call answered (a role refused) and fetches nothing', async () => {
    const file = jest.fn();
    serveAdminApi({ createDownloadLink: async () => Promise.reject(new AdminApiError('Your role does not include the data dictionary.', 403)), analysisDictionary: file });
    await expect(downloadFile(clientOf(), { resource: 'dictionary', fileName: 'd.json', onProgress: jest.fn() })).rejects.toThrow(new FileDownloadError('Your role does not include the data dictionary.'));
    expect(file).not.toHaveBeenCalled();
  });

  it("rejects with the error field of the file's JSON error answer and saves nothing", async () => {
    const saved = recordSavedFiles();
    serveAdminApi({
      createDownloadLink: async () => LINK,
      analysisExport: async () => Promise.reject(new AdminApiError('This download link is not valid, has expired or was used already.', 403)),
    });
    const attempt = downloadFile(clientOf(), { resource: 'export', fileName: 'x.csv', onProgress: jest.fn() });
    await expect(attempt).rejects.toThrow('This download link is not valid, has expired or was used already.');
    expect(saved).toEqual([]);
  });

  it('says so, and saves nothing, when the file breaks off part-way', async () => {
    const saved = recordSavedFiles();
    serveAdminApi({ createDownloadLink: async () => LINK, analysisExport: async () => new StreamedFile(brokenOff()) });
    const attempt = downloadFile(clientOf(), { resource: 'export', fileName: 'x.csv', onProgress: jest.fn() });
    await expect(attempt).rejects.toThrow('The download broke off after 9 bytes; the file is incomplete and was not saved. Try again.');
    expect(saved).toEqual([]);
  });

  it('says the server could not be reached when the request for the file itself fails', async () => {
    const fetchMock = serveAdminApi({ createDownloadLink: async () => LINK });
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => (String(input) === LINK.url ? Promise.reject(new TypeError('Failed to fetch')) : served(input, init)));
    await expect(downloadFile(clientOf(), { resource: 'export', fileName: 'x.csv', onProgress: jest.fn() })).rejects.toThrow('Could not reach the server: Failed to fetch');
  });

  it.each([
    [1, '1 byte'],
    [512, '512 bytes'],
    [12_595, '12.3 KB'],
    [4_718_592, '4.5 MB'],
  ])('writes %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
