import { AdminApiError } from '../../../api/admin-api';
import { downloadFile, FileDownloadError, formatBytes, type BodyReader, type FileResponse } from './download-file';

const encode = (text: string) => new TextEncoder().encode(text);

/** A streamed answer: its chunks one read at a time, then the end, or an error where the connection breaks. */
function streamed(status: number, chunks: (string | Error)[], errorBody = ''): FileResponse {
  const queue = [...chunks];
  const reader: BodyReader = {
    read: async () => {
      const next = queue.shift();
      if (next === undefined) return { done: true };
      if (next instanceof Error) throw next;
      return { done: false, value: encode(next) };
    },
  };
  return { ok: status >= 200 && status < 300, status, text: async () => errorBody, body: { getReader: () => reader }, headers: { get: () => 'text/csv; charset=utf-8' } };
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('downloadFile', () => {
  it('asks for a one-time link for the resource, reads the file chunk by chunk reporting the bytes, and saves it whole', async () => {
    const api = { downloadLink: jest.fn(async () => '/api/admin/analysis-export?token=abc') };
    const fetchImpl = jest.fn(async () => streamed(200, ['studyId,consent\r\n', 'a,true\r\n']));
    const saveFile = jest.fn();
    const progress: number[] = [];
    const result = await downloadFile('s3cret', 'export', 'analysis-export.csv', (bytes) => progress.push(bytes), { api, fetchImpl, saveFile });

    expect(api.downloadLink).toHaveBeenCalledWith('s3cret', 'export');
    expect(fetchImpl).toHaveBeenCalledWith('/api/admin/analysis-export?token=abc', expect.objectContaining({ method: 'GET' }));
    // The key goes only to the link call, never into the file's address.
    expect(JSON.stringify(fetchImpl.mock.calls)).not.toContain('s3cret');
    expect(progress).toEqual([17, 25]);
    expect(result).toEqual({ bytes: 25 });
    const [blob, fileName] = saveFile.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('analysis-export.csv');
    expect(await readBlob(blob)).toBe('studyId,consent\r\na,true\r\n');
  });

  it('rejects with what the link call answered (a wrong key) and fetches nothing', async () => {
    const api = { downloadLink: jest.fn(async () => Promise.reject(new AdminApiError('The master key is not correct.', 403))) };
    const fetchImpl = jest.fn();
    await expect(downloadFile('wrong', 'dictionary', 'd.json', jest.fn(), { api, fetchImpl, saveFile: jest.fn() })).rejects.toThrow(new FileDownloadError('The master key is not correct.'));
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("rejects with the error field of the file's JSON error answer and saves nothing", async () => {
    const saveFile = jest.fn();
    const body = JSON.stringify({ error: 'This download link is not valid, has expired or was used already.', code: 'DOWNLOAD_LINK_INVALID', requestId: 'r-1' });
    const attempt = downloadFile('k', 'export', 'x.csv', jest.fn(), { api: { downloadLink: async () => '/api/x' }, fetchImpl: async () => streamed(403, [], body), saveFile });
    await expect(attempt).rejects.toThrow('This download link is not valid, has expired or was used already.');
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('says so, and saves nothing, when the file breaks off part-way', async () => {
    const saveFile = jest.fn();
    const attempt = downloadFile('k', 'export', 'x.csv', jest.fn(), { api: { downloadLink: async () => '/api/x' }, fetchImpl: async () => streamed(200, ['studyId\r\n', new TypeError('network error')]), saveFile });
    await expect(attempt).rejects.toThrow('The download broke off after 9 bytes; the file is incomplete and was not saved. Try again.');
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('says the server could not be reached when the request itself fails', async () => {
    const fetchImpl = async () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(downloadFile('k', 'export', 'x.csv', jest.fn(), { api: { downloadLink: async () => '/api/x' }, fetchImpl, saveFile: jest.fn() })).rejects.toThrow('Could not reach the server: Failed to fetch');
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
