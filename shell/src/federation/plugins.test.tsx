/**
 * @jest-environment node
 */
// The federation runtime as the shell starts it (retries, then the fallback), with the remotes'
// files faked: fetch answers the manifests, and a plugin stands in for the remoteEntry scripts
// (jest has no browser to run them). Node's environment, for the runtime's `instanceof Response`.
import { registerPlugins, type ModuleFederation, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fallbackPlugin, RemoteUnavailable } from './fallback-plugin';
import { connectRemotes, loadRemoteRoutes, RemoteLoadError } from './runtime';

type ErrorHook = (args: { id: string; error: unknown; lifecycle: string; from: 'runtime'; origin: ModuleFederation }) => Promise<unknown>;
type RemoteEntry = NonNullable<Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>>;

const ORIGIN = 'http://remotes.test';
/** The runtime's code for a remoteEntry script that did not load (what it retries). */
const SCRIPT_LOAD_FAILED = 'RUNTIME-008';

/** How a remote's files answer, try after try; the last answer repeats. */
interface FakeRemote {
  manifest: (number | 'network error')[];
  scripts: ('fails' | 'loads')[];
  manifestRequests: RequestInit[];
  scriptLoads: number;
}

const fakes = new Map<string, FakeRemote>();

function fakeRemote(name: string, manifest: FakeRemote['manifest'], scripts: FakeRemote['scripts'] = ['loads']): FakeRemote {
  const remote: FakeRemote = { manifest, scripts, manifestRequests: [], scriptLoads: 0 };
  fakes.set(name, remote);
  connectRemotes([{ name, entry: `${ORIGIN}/mf/${name}/mf-manifest.json`, paths: [`/${name}`] }]);
  return remote;
}

const turn = <T,>(answers: T[], index: number): T | undefined => answers[Math.min(index, answers.length - 1)];

function manifestOf(name: string) {
  const noAssets = { js: { sync: [], async: [] }, css: { sync: [], async: [] } };
  return {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: '1.0.0', buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: name,
      pluginVersion: '2.9.2',
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: [{ id: `${name}:routes`, name: 'routes', assets: noAssets, path: './routes' }],
  };
}

async function answerManifest(url: string, init: RequestInit = {}): Promise<Response> {
  const name = /\/mf\/([^/]+)\/mf-manifest\.json$/.exec(url)?.[1] ?? '';
  const remote = fakes.get(name);
  if (!remote) return new Response('not found', { status: 404 });
  const answer = turn(remote.manifest, remote.manifestRequests.push(init) - 1);
  if (answer === 'network error') throw new TypeError('fetch failed');
  return answer === 200 ? Response.json(manifestOf(name)) : new Response('unavailable', { status: answer });
}

function RemoteRoutes() {
  return null;
}

/** Loads each remoteEntry "script" in place of a script element, failing as its fake says. */
const scriptStandIn: ModuleFederationRuntimePlugin = {
  name: 'test-remote-entry-scripts',
  // Async, as a script load is: the runtime retries a load that rejects, not one that throws at once.
  async loadEntry({ remoteInfo }) {
    const remote = fakes.get(remoteInfo.name);
    if (!remote || turn(remote.scripts, remote.scriptLoads++) === 'fails') {
      throw new Error(`${SCRIPT_LOAD_FAILED}: the remoteEntry script of ${remoteInfo.name} did not load`);
    }
    const entry = { init: async () => undefined, get: async () => () => ({ default: RemoteRoutes }) };
    return entry as unknown as RemoteEntry;
  },
};

/** Runs the retries' waits on fake time until the load settles. */
async function onFakeTime<T>(load: Promise<T>): Promise<T> {
  let settled = false;
  const outcome = load.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  void outcome.then(() => (settled = true));
  for (let waited = 0; !settled && waited < 60_000; waited += 250) await jest.advanceTimersByTimeAsync(250);
  const result = await outcome;
  if ('error' in result) throw result.error;
  return result.value;
}

// The retry plugin logs every retry, the fallback plugin every remote it stands in for.
let warn: jest.SpyInstance;
beforeEach(() => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the shell federation runtime: retries, then the fallback', () => {
  const realFetch = globalThis.fetch;

  beforeAll(() => {
    connectRemotes([]);
    registerPlugins([scriptStandIn]);
  });
  beforeEach(() => {
    jest.useFakeTimers();
    globalThis.fetch = jest.fn(answerManifest) as typeof fetch;
  });
  afterEach(() => {
    jest.useRealTimers();
    globalThis.fetch = realFetch;
  });

  it('loads a remote whose manifest and script fail twice each, asking for a fresh manifest every time', async () => {
    const remote = fakeRemote('mf_flaky', [503, 'network error', 200], ['fails', 'fails', 'loads']);
    const started = Date.now();

    await expect(onFakeTime(loadRemoteRoutes('mf_flaky'))).resolves.toBe(RemoteRoutes);

    expect(remote.manifestRequests).toHaveLength(3);
    for (const init of remote.manifestRequests) expect(init).toMatchObject({ cache: 'no-cache' });
    expect(remote.scriptLoads).toBe(3);
    // Two waits of 1 s before the manifest answered, one before the script loaded.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });

  it('shows the fallback for a remote that keeps failing, after three tries', async () => {
    const remote = fakeRemote('mf_down', [502]);

    await expect(onFakeTime(loadRemoteRoutes('mf_down'))).rejects.toBeInstanceOf(RemoteLoadError);

    expect(remote.manifestRequests).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Remote module mf_down/routes could not be loaded'));
  });

  it('shows the fallback for a remote whose script keeps failing, after three loads', async () => {
    const remote = fakeRemote('mf_broken', [200], ['fails']);

    await expect(onFakeTime(loadRemoteRoutes('mf_broken'))).rejects.toBeInstanceOf(RemoteLoadError);

    expect(remote.scriptLoads).toBe(3);
  });

  it('retries a 404 as well: the plugin cannot tell a remote that is not deployed from one that is down', async () => {
    const remote = fakeRemote('mf_gone', [404]);

    await expect(onFakeTime(loadRemoteRoutes('mf_gone'))).rejects.toBeInstanceOf(RemoteLoadError);

    expect(remote.manifestRequests).toHaveLength(3);
  });

  it("loads a remote again once it is back (the fallback's Retry)", async () => {
    const remote = fakeRemote('mf_back', [503]);
    await expect(onFakeTime(loadRemoteRoutes('mf_back'))).rejects.toBeInstanceOf(RemoteLoadError);

    remote.manifest = [200];
    await expect(onFakeTime(loadRemoteRoutes('mf_back'))).resolves.toBe(RemoteRoutes);
  });
});

describe('fallbackPlugin', () => {
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
