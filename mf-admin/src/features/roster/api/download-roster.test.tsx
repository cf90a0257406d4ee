import { AdminApiError } from '../../../api/admin-api';
import { recordSavedFiles, textOf } from '../../../test-support/saved-files';
import { serveAdminApi, StreamedFile } from '../../../test-support/serve-admin-api';
import { downloadRoster, RosterDownloadError } from './download-roster';

describe('downloadRoster', () => {
  it('requests /api/ohready/{masterKey} with the key encoded and saves roster.csv', async () => {
    const saved = recordSavedFiles();
    const roster = jest.fn(async () => new StreamedFile(['pgId\n', 'abc\n']));
    const fetchMock = serveAdminApi({ roster }, { session: null });
    await downloadRoster({ masterKey: 'a/b c?' });
    expect(fetchMock).toHaveBeenCalledWith('/api/ohready/a%2Fb%20c%3F', expect.objectContaining({ method: 'GET' }));
    expect(roster).toHaveBeenCalledWith(expect.objectContaining({ params: { masterKey: 'a/b c?' } }));
    expect(saved.map(({ fileName }) => fileName)).toEqual(['roster.csv']);
    expect(await textOf(saved[0]!.data)).toBe('pgId\nabc\n');
  });

  it('rejects with the error field of a JSON error body and saves nothing', async () => {
    const saved = recordSavedFiles();
    serveAdminApi({ roster: async () => Promise.reject(new AdminApiError('No route for GET /api/ohready/x', 404)) }, { session: null });
    await expect(downloadRoster({ masterKey: 'x' })).rejects.toThrow(new RosterDownloadError('No route for GET /api/ohready/x'));
    expect(saved).toEqual([]);
  });

  it('rejects with the raw text when the error body is not JSON', async () => {
    globalThis.fetch = jest.fn(async () => ({ ok: false, status: 500, text: async () => 'Internal Server Error' })) as unknown as typeof fetch;
    await expect(downloadRoster({ masterKey: 'x' })).rejects.toThrow('Internal Server Error');
  });

  it('says the server could not be reached when the request itself fails', async () => {
    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(downloadRoster({ masterKey: 'x' })).rejects.toThrow('Could not reach the server: Failed to fetch');
  });
});
