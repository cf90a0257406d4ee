// The study's API as the Nardi tests' fakes answer it: fetch is replaced by one that calls the
// fake for the route asked for (a thrown error becomes the server's error answer), and the
// result stream says at once that every result is stored, so the screens ask without waiting.
import { routes, RESULTS_EVENT, type NardiFinalResponse, type NardiReportView, type NardiScoresView, type SurveyState, type UserView } from '@study/contracts';
import { ApiError } from '@study/ui';
import type { NardiPatch } from '../api/update-nardi';

/** The calls the Nardi screens make, one method a route, as the tests fake them. */
export interface NardiApi {
  fetchUser(pgId: string): Promise<UserView>;
  saveSurvey(pgId: string, survey: SurveyState): Promise<UserView>;
  updateNardi(pgId: string, patch: NardiPatch): Promise<UserView>;
  fetchScores(pgId: string): Promise<NardiScoresView>;
  fetchFinal(pgId: string): Promise<NardiFinalResponse>;
}

export interface NardiReportApi {
  fetchReport(pgId: string, signal?: AbortSignal): Promise<NardiReportView>;
}

type Body = { pgId: string; survey?: SurveyState; update?: { nardi: NardiPatch } };

/** jsdom has no Response: the parts of one that the client reads. */
function json(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
}

async function answer(call: () => Promise<unknown> | undefined): Promise<Response> {
  try {
    const result = await call();
    if (result === undefined) return json(404, { error: 'No such route in this test.' });
    return json(200, result);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return json(error instanceof ApiError && error.status !== undefined ? error.status : 500, { error: message, ...(error instanceof ApiError && error.code ? { code: error.code } : {}) });
  }
}

/** A result stream that has every result stored (jsdom has no EventSource of its own). */
class StoredResultsSource extends EventTarget {
  constructor(url: string) {
    super();
    const pgId = decodeURIComponent(url.split('/').pop() ?? '');
    setTimeout(() => {
      this.dispatchEvent(new Event('open'));
      const results = { pgId, nardi: { scored: true, result: { typeCode: 'INTJ', consistency: 10 } }, finalScore: null, finalReport: null };
      this.dispatchEvent(new MessageEvent(RESULTS_EVENT, { data: JSON.stringify(results) }));
    }, 0);
  }
  close() {}
}

const realFetch = globalThis.fetch;
const realEventSource = (globalThis as { EventSource?: unknown }).EventSource;
afterEach(() => {
  globalThis.fetch = realFetch;
  (globalThis as { EventSource?: unknown }).EventSource = realEventSource;
});

/** Serves the fakes given through fetch (and a result stream with every result stored) until the test ends. */
export function serveApi({ api, report }: { api?: NardiApi; report?: NardiReportApi }): void {
  (globalThis as { EventSource?: unknown }).EventSource = StoredResultsSource;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Body;
    return answer(() => {
      if (path === routes.user.path) return api?.fetchUser(body.pgId);
      if (path === routes.saveSurvey.path) return api?.saveSurvey(body.pgId, body.survey!);
      if (path === routes.updateSurveys.path) return api?.updateNardi(body.pgId, body.update!.nardi);
      if (path === routes.nardiScores.path) return api?.fetchScores(body.pgId);
      if (path === routes.nardiFinal.path) return api?.fetchFinal(body.pgId);
      if (path === routes.nardiReport.path) return report?.fetchReport(body.pgId, init?.signal ?? undefined);
      return undefined;
    });
  }) as typeof fetch;
}
