import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { fallbackPlugin, RemoteUnavailable } from './fallback-plugin';
import type { RemoteDescriptor } from './remotes-config';
import { retryPlugin } from './retry-plugin';

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
    plugins: [retryPlugin({ attempts: 3, delayMs: 400 }), fallbackPlugin()],
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
