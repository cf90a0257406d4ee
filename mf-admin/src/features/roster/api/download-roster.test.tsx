import { downloadRoster, RosterDownloadError, type RosterResponse } from './download-roster';

function response(status: number, body: string): RosterResponse {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => body,
    arrayBuffer: async () => new TextEncoder().encode(body).buffer as ArrayBuffer,
  };
}

describe('downloadRoster', () => {
  it('requests /api/ohready/{masterKey} with the key encoded and saves roster.csv', async () => {
    const fetchImpl = jest.fn(async () => response(200, 'pgId\nabc\n'));
    const saveFile = jest.fn();
    await downloadRoster('a/b c?', { fetchImpl, saveFile });
    expect(fetchImpl).toHaveBeenCalledWith('/api/ohready/a%2Fb%20c%3F', expect.objectContaining({ method: 'GET' }));
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [data, fileName] = saveFile.mock.calls[0] as [ArrayBuffer, string];
    expect(fileName).toBe('roster.csv');
    expect(new TextDecoder().decode(data)).toBe('pgId\nabc\n');
  });

  it('rejects with the error field of a JSON error body and saves nothing', async () => {
    const saveFile = jest.fn();
    const body = JSON.stringify({ error: 'No route for GET /api/ohready/x', code: 'NOT_FOUND', requestId: 'r-1234567' });
    const attempt = downloadRoster('x', { fetchImpl: async () => response(404, body), saveFile });
    await expect(attempt).rejects.toThrow(new RosterDownloadError('No route for GET /api/ohready/x'));
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('rejects with the raw text when the error body is not JSON', async () => {
    const attempt = downloadRoster('x', { fetchImpl: async () => response(500, 'Internal Server Error'), saveFile: jest.fn() });
    await expect(attempt).rejects.toThrow('Internal Server Error');
  });

  it('says the server could not be reached when the request itself fails', async () => {
    const attempt = downloadRoster('x', {
      fetchImpl: async () => {
        throw new TypeError('Failed to fetch');
      },
      saveFile: jest.fn(),
    });
    await expect(attempt).rejects.toThrow('Could not reach the server: Failed to fetch');
  });
});
