import { ApiError, NETWORK_ERROR_MESSAGE, requestFile, requestJson, UNREADABLE_ANSWER_MESSAGE } from './http';

function answer(status: number, body: string, statusText = ''): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => body,
    json: async () => JSON.parse(body) as unknown,
  } as Response;
}

const asObject = (json: unknown) => {
  if (typeof json !== 'object' || json === null) throw new Error('not an object');
  return json as Record<string, unknown>;
};

describe('requestJson', () => {
  it('posts JSON and answers the parsed body', async () => {
    const fetchImpl = jest.fn(async () => answer(200, '{"pgId":"x"}'));
    await expect(requestJson('/api/consent', { body: { code: 'abc' }, parse: asObject, fetchImpl })).resolves.toEqual({ pgId: 'x' });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/consent',
      expect.objectContaining({ method: 'POST', body: '{"code":"abc"}', headers: expect.objectContaining({ 'content-type': 'application/json' }) }),
    );
  });

  it('uses GET without a body', async () => {
    const fetchImpl = jest.fn(async () => answer(200, '{}'));
    await requestJson('/api/settings', { parse: asObject, fetchImpl });
    expect(fetchImpl).toHaveBeenCalledWith('/api/settings', expect.objectContaining({ method: 'GET', body: undefined }));
  });

  it.each([
    ['the error field of a JSON error body', answer(400, '{"error":"The code was already used.","code":"OH_CODE_REJECTED","requestId":"r1"}'), 'The code was already used.', 400, 'OH_CODE_REJECTED'],
    ['short plain text', answer(502, 'Bad gateway'), 'Bad gateway', 502, undefined],
    ['an HTML page', answer(500, '<html>oops</html>', 'Internal Server Error'), 'The study server answered 500 Internal Server Error', 500, undefined],
  ])('fails with %s', async (_what, response, message, status, code) => {
    const error = await requestJson('/api/x', { parse: asObject, fetchImpl: async () => response }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message, status, code });
  });

  it('says the server could not be reached when no answer came', async () => {
    const error = await requestJson('/api/x', { parse: asObject, fetchImpl: async () => Promise.reject(new TypeError('Failed to fetch')) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: undefined });
  });

  it('refuses an answer of the wrong shape', async () => {
    const error = await requestJson('/api/x', { parse: asObject, fetchImpl: async () => answer(200, '42') }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: UNREADABLE_ANSWER_MESSAGE, status: 200 });
  });
});

describe('requestFile', () => {
  const answering = (status: number, body: string, statusText = '') => (async () => ({ ...answer(status, body, statusText), blob: async () => new Blob([body]) })) as unknown as typeof fetch;

  it('answers the file, and says what could not be downloaded when the answer has no readable message', async () => {
    expect((await requestFile('/f', { accept: 'application/pdf', what: 'The report', fetchImpl: answering(200, '%PDF') })).size).toBe(4);
    await expect(requestFile('/f', { accept: 'application/pdf', what: 'The report', fetchImpl: answering(502, '<html>', 'Bad Gateway') })).rejects.toMatchObject({
      message: 'The report could not be downloaded: the study server answered 502 Bad Gateway',
      status: 502,
    });
    await expect(requestFile('/f', { accept: 'application/pdf', what: 'The report', fetchImpl: answering(409, '{"error":"Not ready yet.","code":"REPORT_NOT_READY"}') })).rejects.toMatchObject({
      message: 'Not ready yet.',
      code: 'REPORT_NOT_READY',
    });
  });
});
