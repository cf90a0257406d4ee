// The study's API as the dashboard tests' fakes answer it: fetch is replaced by one that calls the
// fake for the route asked for (a thrown error becomes the server's error answer, a Blob a file),
// and EventSource by a result stream the test drives (or, without one, a stream that opens and
// sends nothing).
import type { ResultsSource } from '@study/client-state';
import {
  RESULTS_EVENT,
  routes,
  type ApiRoute,
  type ConsentRenewResponse,
  type ConsentTextView,
  type FinalScoreResponse,
  type Settings,
  type SurveyInput,
  type TypeFinderClaimResponse,
  type UpdateSurveysRequest,
  type UserView,
  type WithdrawResponse,
} from '@study/contracts';
import { ApiError } from '@study/ui';

/** The calls the dashboard's screens make, one method a route, as the tests fake them. */
export interface DashboardApi {
  /** POST /api/user */
  fetchUser?(pgId: string): Promise<UserView>;
  /** GET /api/settings */
  fetchSettings?(): Promise<Settings>;
  /** POST /api/user/reset */
  resetSurveys?(pgId: string): Promise<UserView>;
  /** POST /api/user/survey */
  saveSurvey?(pgId: string, survey: SurveyInput): Promise<UserView>;
  /** POST /api/user/survey/upd with {selfAssessment: {status: 'rejected'}}, the only update the dashboard sends. */
  declineSelfAssessment?(pgId: string): Promise<UserView>;
  /** POST /api/user/survey/final */
  requestFinalScore?(pgId: string): Promise<FinalScoreResponse>;
  /** POST /api/user/tfresult */
  submitResults?(pgId: string): Promise<TypeFinderClaimResponse>;
  /** GET /api/consent/text */
  fetchConsentText?(): Promise<ConsentTextView>;
  /** POST /api/consent/renew */
  renewConsent?(pgId: string, versionId: string): Promise<ConsentRenewResponse>;
  /** POST /api/user/withdraw */
  withdraw?(pgId: string, erase: boolean): Promise<WithdrawResponse>;
  /** GET /api/user/report/{pgId} (a PDF) */
  downloadReport?(pgId: string): Promise<Blob>;
  /** GET /api/consent/pdf/{pgId} (a PDF) */
  downloadConsentPdf?(pgId: string): Promise<Blob>;
  /** GET /api/user/events/{pgId}: the result stream as the test drives it. */
  subscribeResults?: ResultsSource;
}

interface Body {
  pgId: string;
  survey: SurveyInput;
  update: UpdateSurveysRequest['update'];
  versionId: string;
  erase: boolean;
}

/** jsdom has no Response: the parts of one that the client reads. */
function answerWith(status: number, body: unknown): Response {
  const file = body instanceof Blob ? body : null;
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    text: async () => (file ? '' : JSON.stringify(body)),
    json: async () => body,
    blob: async () => file ?? new Blob([JSON.stringify(body)]),
  } as Response;
}

async function answer(call: () => Promise<unknown> | undefined): Promise<Response> {
  try {
    const result = await call();
    if (result === undefined) return answerWith(404, { error: 'No fake for this route in this test.' });
    return answerWith(200, result);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return answerWith(error instanceof ApiError && error.status !== undefined ? error.status : 500, { error: message, ...(error instanceof ApiError && error.code ? { code: error.code } : {}) });
  }
}

/** The path parameter of `route` in `path` (its one `:name` segment), or null when the path is another route's. */
function pathParameter(route: ApiRoute, path: string): string | null {
  const [before, after = ''] = route.path.split(/:\w+/);
  if (before === undefined || !path.startsWith(before) || !path.endsWith(after)) return null;
  const value = path.slice(before.length, path.length - after.length);
  return value === '' || value.includes('/') ? null : decodeURIComponent(value);
}

function isDecline(update: Body['update'] | undefined): boolean {
  return JSON.stringify(update) === JSON.stringify({ selfAssessment: { status: 'rejected' } });
}

/** The result stream the page opens: the test's, or one that opens and sends nothing. */
function resultStreamClass(subscribeResults: ResultsSource | undefined) {
  return class DrivenResultStream extends EventTarget {
    private readonly stop: () => void;
    constructor(url: string) {
      super();
      const pgId = decodeURIComponent(url.split('/').pop() ?? '');
      // Sent a turn later: the page listens once the stream is made.
      const send = (event: Event) => queueMicrotask(() => this.dispatchEvent(event));
      if (subscribeResults) {
        this.stop = subscribeResults(pgId, {
          results: (results) => send(new MessageEvent(RESULTS_EVENT, { data: JSON.stringify(results) })),
          connected: (connected) => send(new Event(connected ? 'open' : 'error')),
        });
      } else {
        this.stop = () => undefined;
        send(new Event('open'));
      }
    }
    close() {
      this.stop();
    }
  };
}

const realFetch = globalThis.fetch;
const realEventSource = (globalThis as { EventSource?: unknown }).EventSource;
afterEach(() => {
  globalThis.fetch = realFetch;
  (globalThis as { EventSource?: unknown }).EventSource = realEventSource;
});

/** Serves the fakes given through fetch and EventSource until the test ends; answers the fetch mock. */
export function serveDashboardApi(api: DashboardApi): jest.Mock {
  (globalThis as { EventSource?: unknown }).EventSource = resultStreamClass(api.subscribeResults);
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Partial<Body>;
    const pgId = body.pgId ?? '';
    return answer(() => {
      if (path === routes.user.path) return api.fetchUser?.(pgId);
      if (path === routes.settings.path) return api.fetchSettings?.();
      if (path === routes.resetSurveys.path) return api.resetSurveys?.(pgId);
      if (path === routes.saveSurvey.path && body.survey) return api.saveSurvey?.(pgId, body.survey);
      if (path === routes.updateSurveys.path && isDecline(body.update)) return api.declineSelfAssessment?.(pgId);
      if (path === routes.finalScore.path) return api.requestFinalScore?.(pgId);
      if (path === routes.claimTypeFinderResult.path) return api.submitResults?.(pgId);
      if (path === routes.consentText.path) return api.fetchConsentText?.();
      if (path === routes.renewConsent.path && body.versionId !== undefined) return api.renewConsent?.(pgId, body.versionId);
      if (path === routes.withdraw.path && body.erase !== undefined) return api.withdraw?.(pgId, body.erase);
      const reportOf = pathParameter(routes.finalReportPdf, path);
      if (reportOf !== null) return api.downloadReport?.(reportOf);
      const consentOf = pathParameter(routes.consentPdf, path);
      if (consentOf !== null) return api.downloadConsentPdf?.(consentOf);
      return undefined;
    });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return fetchMock;
}
