import { routes } from '@study/contracts';
import { ApiError } from '@study/ui';
import { apiPath, callApi } from './call-api';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

afterEach(() => jest.restoreAllMocks());

describe('callApi', () => {
  it("calls the route's method and path at the base URL given, with the headers given, and answers the parsed body", async () => {
    const fetch = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ typeCode: 'INTJ', consistency: 7 }), { status: 200 }));
    await expect(callApi(routes.nardiFinal, { body: { pgId: PG_ID } }, { baseUrl: 'http://127.0.0.1:8080', headers: { cookie: 's=1' } })).resolves.toEqual({ typeCode: 'INTJ', consistency: 7 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:8080/api/user/nardi/final');
    expect(init).toMatchObject({ method: 'POST', headers: { cookie: 's=1', 'content-type': 'application/json' } });
  });

  it("refuses an answer that breaks the route's response schema", async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ typeCode: 42 }), { status: 200 }));
    await expect(callApi(routes.nardiFinal, { body: { pgId: PG_ID } })).rejects.toBeInstanceOf(ApiError);
  });

  it('turns a Problem Details answer into an ApiError with its message and code', async () => {
    const problem = { type: '/api/docs#problem-NARDI_NOT_FINAL', title: 'Conflict', status: 409, detail: 'Finish the Nardi survey first.', error: 'Finish the Nardi survey first.', code: 'NARDI_NOT_FINAL', requestId: 'r1' };
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(problem), { status: 409, headers: { 'content-type': 'application/problem+json' } }));
    await expect(callApi(routes.nardiFinal, { body: { pgId: PG_ID } })).rejects.toMatchObject({ message: 'Finish the Nardi survey first.', status: 409, code: 'NARDI_NOT_FINAL' });
  });

  it('will not call a route whose answer is a file: apiPath gives its address', () => {
    expect(() => callApi(routes.finalReportPdf, { params: { pgId: PG_ID } })).toThrow('use apiPath');
    expect(apiPath(routes.finalReportPdf, { pgId: PG_ID })).toBe(`/api/user/report/${PG_ID}`);
    expect(apiPath(routes.auditTrailCsv, {}, { from: '2026-01-01', to: undefined })).toBe('/api/admin/audit/export?from=2026-01-01');
  });
});
