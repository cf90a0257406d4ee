import { routes } from '@study/contracts';
import { adminCall, AdminApiError } from './admin-api';

const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, text: async () => (typeof body === 'string' ? body : JSON.stringify(body)) });
const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const SCORES = { wholeType: 'INTJ', pci1: 1, pci2: 2, pci3: 3, pci4: 4, dpref1: 5, dpref2: 6, dpref3: 7, dpref4: 8 };

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** fetch answering every call with `respond`; answers the mock. */
function fetchAnswering(respond: () => Promise<unknown>) {
  const fetchMock = jest.fn<Promise<unknown>, [string, RequestInit]>(respond);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('adminCall', () => {
  it('sends the key in X-Master-Key, never in the address', async () => {
    const fetchMock = fetchAnswering(async () =>
      answer(200, { insertedCount: 1, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0, unknownPgIds: [], updatedParticipants: 1 }),
    );
    await adminCall(routes.uploadMbti, 's3cret/key', { body: { [PG_ID]: SCORES } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/mbti');
    expect(url).not.toContain('s3cret');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-master-key']).toBe('s3cret/key');
    expect(JSON.parse(String(init.body))).toEqual({ [PG_ID]: SCORES });
  });

  it('answers a download link as the same-origin address the server gave', async () => {
    fetchAnswering(async () => answer(200, { url: '/api/stats?token=a.b', expiresAt: '2026-03-01T12:01:00.000Z' }));
    expect((await adminCall(routes.createDownloadLink, 'k', { body: { resource: 'stats' } })).url).toBe('/api/stats?token=a.b');
  });

  it.each([
    ['the error field of a JSON error body', answer(403, { error: 'The master key is not correct.', code: 'ADMIN_KEY_INVALID', requestId: 'r-12345678' }), 'The master key is not correct.'],
    ['the raw text otherwise', answer(502, 'Bad Gateway'), 'Bad Gateway'],
    ['an answer of another shape', answer(200, { nope: true }), 'The server sent an answer this page cannot read.'],
  ])('fails with %s', async (_case, response, message) => {
    fetchAnswering(async () => response);
    await expect(adminCall(routes.enrollment, 'k', {})).rejects.toThrow(new AdminApiError(message));
  });

  it('says when the server cannot be reached', async () => {
    fetchAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(adminCall(routes.enrollment, 'k', {})).rejects.toThrow('Could not reach the server: Failed to fetch');
  });

  it('will not call a route whose answer is a file', async () => {
    const fetchMock = fetchAnswering(async () => answer(200, ''));
    await expect(adminCall(routes.statistics, 'k', {})).rejects.toThrow('does not answer JSON');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
