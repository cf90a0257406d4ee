import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * What loadRemote resolves to when a remote cannot be loaded. The shell renders its fallback for
 * it, so one broken remote never breaks the page around it.
 */
export class RemoteUnavailable {
  constructor(
    readonly id: string,
    readonly reason: string,
  ) {}
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'study-fallback-plugin',
    async errorLoadRemote({ id, error, lifecycle }) {
      // Only the final stage may answer with a stand-in module; earlier stages expect a manifest or
      // request arguments back, so the error travels on to 'onLoad'.
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`Remote module ${id} could not be loaded: ${describe(error)}`);
      return new RemoteUnavailable(id, describe(error));
    },
  };
}
