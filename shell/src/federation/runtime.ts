import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin, type RetryPluginParams } from '@module-federation/retry-plugin';
import type { ComponentType } from 'react';
import { noteRemoteBuild } from '@study/error-reporting';
import { fallbackPlugin, RemoteUnavailable } from './fallback-plugin';
import { releasePlugin } from './release-plugin';
import type { RemoteDescriptor } from './remotes-config';

/** Every remote exposes its route table as the default export of './routes'. */
export const ROUTES_EXPOSE = 'routes';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remoteName: string,
    reason: string,
  ) {
    super(`The ${remoteName} remote could not be loaded: ${reason}`);
  }
}

/**
 * Rides out short outages while a remote is being redeployed: its manifest and its remoteEntry
 * script are tried three times each before the failure reaches the fallback plugin. The plugin
 * waits the same time before each retry (no growing back-off) and retries a 4xx too.
 */
const REMOTE_RETRIES: RetryPluginParams = {
  // Manifests must always be fresh: they are what points at a redeployed remote's files. The
  // plugin waits 1 s between manifest tries whatever it is told (it passes no delay on for them).
  fetch: { retryTimes: 2, options: { cache: 'no-cache' } },
  // The first script retry follows the failed load at once, the second after retryDelay.
  script: { retryTimes: 1, retryDelay: 1000 },
};

let runtimeStarted = false;
const known = new Map<string, RemoteDescriptor>();
const failed = new Set<string>();

function startRuntime(): void {
  if (runtimeStarted) return;
  // 'shell' is the name the build gave this host, so init() extends the instance webpack created
  // (with its shared React and router) instead of making a second one.
  init({
    name: 'shell',
    remotes: [],
    plugins: [RetryPlugin(REMOTE_RETRIES), fallbackPlugin(), releasePlugin(noteRemoteBuild)],
  });
  runtimeStarted = true;
}

/** Registers the remotes listed in /remotes.json with the federation runtime. */
export function connectRemotes(remotes: readonly RemoteDescriptor[]): void {
  startRuntime();
  const fresh = remotes.filter((remote) => !known.has(remote.name));
  for (const remote of fresh) known.set(remote.name, remote);
  if (fresh.length > 0) registerRemotes(fresh.map(({ name, entry }) => ({ name, entry })));
}

function isRoutesModule(value: unknown): value is { default: ComponentType } {
  return typeof value === 'object' && value !== null && typeof (value as { default?: unknown }).default === 'function';
}

/**
 * Loads a remote's route component. Rejects with RemoteLoadError when the remote is down; calling
 * it again really tries again (the runtime's caches for a failed remote are dropped first).
 */
export async function loadRemoteRoutes(remoteName: string): Promise<ComponentType> {
  const remote = known.get(remoteName);
  if (!remote) throw new RemoteLoadError(remoteName, 'it is not listed in remotes.json');
  if (failed.has(remoteName)) {
    // Start from scratch: the remote may have been redeployed since the failed attempt, and a
    // half-loaded container would keep asking for files of the old build.
    registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
    failed.delete(remoteName);
  }
  let loaded: unknown;
  try {
    loaded = await loadRemote<unknown>(`${remoteName}/${ROUTES_EXPOSE}`);
  } catch (error) {
    loaded = new RemoteUnavailable(remoteName, error instanceof Error ? error.message : String(error));
  }
  if (loaded instanceof RemoteUnavailable) {
    failed.add(remoteName);
    throw new RemoteLoadError(remoteName, loaded.reason);
  }
  if (!isRoutesModule(loaded)) {
    failed.add(remoteName);
    throw new RemoteLoadError(remoteName, `'./${ROUTES_EXPOSE}' does not export a component`);
  }
  return loaded.default;
}
