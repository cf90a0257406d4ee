// The study's API as the consent tests' fakes answer it: fetch is replaced by one that calls the
// fake for the route asked for (a thrown error becomes the server's error answer).
import { routes, type ConsentResponse, type ConsentTextView, type SessionResponse } from '@study/contracts';
import { ApiError } from '@study/ui';
import type { ConsentAgreement } from '../lib/agreement';

/** The calls the consent screens make, one method a route, as the tests fake them. */
export interface ConsentApi {
  fetchConsentText?(): Promise<ConsentTextView>;
  exchange?(code: string, state: string, agreement: ConsentAgreement): Promise<ConsentResponse>;
  confirm?(code: string, state: string): Promise<SessionResponse>;
}

type Body = { code: string; state: string; versionId: string; adult: true };

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

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Serves the fakes given through fetch until the test ends. */
export function serveConsentApi(api: ConsentApi): void {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Body;
    return answer(() => {
      if (path === routes.consentText.path) return api.fetchConsentText?.();
      if (path === routes.consent.path) return api.exchange?.(body.code, body.state, { versionId: body.versionId, adult: body.adult });
      if (path === routes.confirmSession.path) return api.confirm?.(body.code, body.state);
      return undefined;
    });
  }) as typeof fetch;
}
