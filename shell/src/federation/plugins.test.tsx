import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { fallbackPlugin, RemoteUnavailable } from './fallback-plugin';
import { retryPlugin } from './retry-plugin';

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;
type ErrorHook = (args: { id: string; error: unknown; lifecycle: string; from: 'runtime'; origin: ModuleFederation }) => Promise<unknown>;

function answer(status: number): Response {
  return { ok: status >= 200 && status < 300, status } as Response;
}

describe('retryPlugin fetch (manifests)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function hook(): FetchHook {
    return retryPlugin({ attempts: 3, delayMs: 1 }).fetch as unknown as FetchHook;
  }

  it('retries a server error and returns the first good answer, never from cache', async () => {
    const fetchMock = jest.fn().mockResolvedValueOnce(answer(503)).mockRejectedValueOnce(new TypeError('network')).mockResolvedValueOnce(answer(200));
    globalThis.fetch = fetchMock;
    const response = await hook()('/mf/consent/mf-manifest.json', {});
    expect(response.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock).toHaveBeenCalledWith('/mf/consent/mf-manifest.json', expect.objectContaining({ cache: 'no-cache' }));
  });

  it('does not retry a 404: the remote is not deployed', async () => {
    const fetchMock = jest.fn().mockResolvedValue(answer(404));
    globalThis.fetch = fetchMock;
    await expect(hook()('/mf/consent/mf-manifest.json', {})).rejects.toThrow('/mf/consent/mf-manifest.json answered 404');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after the last attempt', async () => {
    const fetchMock = jest.fn().mockResolvedValue(answer(502));
    globalThis.fetch = fetchMock;
    await expect(hook()('/m.json', {})).rejects.toThrow('/m.json answered 502');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('fallbackPlugin', () => {
  const warn = jest.spyOn(console, 'warn');
  beforeEach(() => warn.mockImplementation(() => undefined));
  afterAll(() => warn.mockRestore());

  const hook = fallbackPlugin().errorLoadRemote as unknown as ErrorHook;
  const origin = {} as ModuleFederation;

  it('stands in for a remote that failed to load', async () => {
    const result = await hook({ id: 'mf_admin/routes', error: new Error('script error'), lifecycle: 'onLoad', from: 'runtime', origin });
    expect(result).toBeInstanceOf(RemoteUnavailable);
    expect(result).toMatchObject({ id: 'mf_admin/routes', reason: 'script error' });
  });

  it('leaves earlier stages alone, where a module would be mistaken for a manifest', async () => {
    const result = await hook({ id: '/mf/admin/mf-manifest.json', error: new Error('404'), lifecycle: 'afterResolve', from: 'runtime', origin });
    expect(result).toBeUndefined();
  });
});
