// The admin API as a test's fakes answer it: fetch is replaced by one that calls the fake for the
// route asked for with the master key sent and the request's body and query; a thrown error
// becomes the server's error answer (its status, or 500, and its message).
import { ADMIN_KEY_HEADER, routes } from '@study/contracts';
import { AdminApiError } from '../api/admin-api';

type RouteName = keyof typeof routes;
export type AdminHandler = (masterKey: string, input: { body: unknown; query: Record<string, string> }) => Promise<unknown>;

/** jsdom has no Response: the parts of one that adminCall reads. */
function answer(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) } as Response;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Serves the handlers given, by route, through fetch until the test ends. */
export function serveAdminApi(handlers: Partial<Record<RouteName, AdminHandler>>): void {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = (Object.keys(handlers) as RouteName[]).find((key) => routes[key].path === url.pathname && routes[key].method === init?.method);
    if (!name) return answer(404, { error: `No fake for ${init?.method} ${url.pathname} in this test.` });
    const masterKey = (init?.headers as Record<string, string> | undefined)?.[ADMIN_KEY_HEADER] ?? '';
    try {
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      return answer(200, await handlers[name]!(masterKey, { body, query: Object.fromEntries(url.searchParams) }));
    } catch (error) {
      return answer(error instanceof AdminApiError && error.status !== undefined ? error.status : 500, { error: error instanceof Error ? error.message : String(error) });
    }
  }) as typeof fetch;
}
