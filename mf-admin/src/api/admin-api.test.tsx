import { routes } from '@study/contracts';
import { adminCall, AdminApiError } from './admin-api';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  ok: status >= 200 && status < 300,
  status,
  headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
  text: async () => (typeof body === 'string' ? body : JSON.stringify(body)),
});
const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const SCORES = { wholeType: 'INTJ', pci1: 1, pci2: 2, pci3: 3, pci4: 4, dpref1: 5, dpref2: 6, dpref3: 7, dpref4: 8 };
const UPLOADED = { insertedCount: 1, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0, unknownPgIds: [], updatedParticipants: 1 };

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
  it('sends the session cookie (same origin) and the CSRF token with a POST, and no master key', async () => {
    const fetchMock = fetchAnswering(async () => answer(200, UPLOADED));
    await adminCall(routes.uploadMbti, { body: { [PG_ID]: SCORES } }, { csrfToken: 'the-token' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/mbti');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json', 'X-CSRF-Token': 'the-token' });
    expect(JSON.parse(String(init.body))).toEqual({ [PG_ID]: SCORES });
  });

  it('sends no CSRF token with a GET', async () => {
    const fetchMock = fetchAnswering(async () => answer(200, { staff: [] }));
    await adminCall(routes.staffList, {}, { csrfToken: 'the-token' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toEqual({ accept: 'application/json' });
  });

  it('answers a download link as the same-origin address the server gave', async () => {
    fetchAnswering(async () => answer(200, { url: '/api/stats?token=a.b', expiresAt: '2026-03-01T12:01:00.000Z' }));
    expect((await adminCall(routes.createDownloadLink, { body: { resource: 'stats' } })).url).toBe('/api/stats?token=a.b');
  });

  it('answers nothing for a route without a body (204)', async () => {
    fetchAnswering(async () => answer(204, ''));
    await expect(adminCall(routes.staffSignOut, { body: {} }, { csrfToken: 't' })).resolves.toBeUndefined();
  });

  it.each([
    ['the error field of a JSON error body', answer(403, { error: 'Your role may not do this.', code: 'ROLE_NOT_PERMITTED', requestId: 'r-12345678' }), 'Your role may not do this.'],
    ['the raw text otherwise', answer(502, 'Bad Gateway'), 'Bad Gateway'],
    ['an answer of another shape', answer(200, { nope: true }), 'The server sent an answer this page cannot read.'],
  ])('fails with %s', async (_case, response, message) => {
    fetchAnswering(async () => response);
    await expect(adminCall(routes.enrollment, {})).rejects.toThrow(new AdminApiError(message));
  });

  it("keeps the refusal's status, code and Retry-After", async () => {
    fetchAnswering(async () => answer(429, { error: 'Too many attempts.', code: 'SIGN_IN_LOCKED', requestId: 'r-1' }, { 'retry-after': '900' }));
    const error = await adminCall(routes.staffSignIn, { body: { email: 'a@b.example', password: 'p', code: '123456' } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, code: 'SIGN_IN_LOCKED', retryAfterSeconds: 900, message: 'Too many attempts.' });
  });

  it('tells of a 401 (the session is gone) and of a refused CSRF token', async () => {
    const onSignedOut = jest.fn();
    const onCsrfRejected = jest.fn();
    fetchAnswering(async () => answer(401, { error: 'Your session has ended.', code: 'STAFF_SESSION_EXPIRED', requestId: 'r-1' }));
    await expect(adminCall(routes.enrollment, {}, { onSignedOut, onCsrfRejected })).rejects.toThrow('Your session has ended.');
    expect(onSignedOut).toHaveBeenCalledWith(expect.objectContaining({ code: 'STAFF_SESSION_EXPIRED' }));
    fetchAnswering(async () => answer(403, { error: 'Reload the page.', code: 'CSRF_TOKEN_INVALID', requestId: 'r-1' }));
    await expect(adminCall(routes.createDownloadLink, { body: { resource: 'stats' } }, { onSignedOut, onCsrfRejected })).rejects.toThrow('Reload the page.');
    expect(onCsrfRejected).toHaveBeenCalledTimes(1);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('says when the server cannot be reached', async () => {
    fetchAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(adminCall(routes.enrollment, {})).rejects.toThrow('Could not reach the server: Failed to fetch');
  });

  it('will not call a route whose answer is a file', async () => {
    const fetchMock = fetchAnswering(async () => answer(200, ''));
    await expect(adminCall(routes.statistics, {})).rejects.toThrow('does not answer JSON');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
