import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RetryOptions {
  /** Total tries per resource, the first one included. */
  attempts: number;
  /** Wait before retry n is n × delayMs (a short, growing back-off). */
  delayMs: number;
}

type LoadEntryErrorResult = ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A 4xx is the server's final word (e.g. the remote is not deployed); other failures may pass. */
function isWorthRetrying(response: Response): boolean {
  return response.status >= 500 || response.status === 408 || response.status === 429;
}

/**
 * Rides out short outages while a remote is being redeployed: retries the manifest fetch and the
 * remoteEntry script a few times before the failure reaches the fallback plugin.
 */
export function retryPlugin({ attempts, delayMs }: RetryOptions): ModuleFederationRuntimePlugin {
  return {
    name: 'study-retry-plugin',

    async fetch(url: string, init: RequestInit): Promise<Response> {
      let lastError: unknown;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        if (attempt > 1) await sleep(delayMs * (attempt - 1));
        try {
          // Manifests must always be fresh: they are what points at a redeployed remote's files.
          const response = await fetch(url, { ...init, cache: 'no-cache' });
          if (response.ok) return response;
          lastError = new Error(`${url} answered ${response.status}`);
          if (!isWorthRetrying(response)) break;
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError instanceof Error ? lastError : new Error(String(lastError));
    },

    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      const retry = async () => {
        for (let attempt = 2; attempt <= attempts; attempt++) {
          await sleep(delayMs * (attempt - 1));
          // The failed load is still registered as "in progress"; drop it so the script is requested again.
          delete globalLoading[uniqueKey];
          try {
            const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (exports) return exports;
          } catch {
            // Try again; after the last attempt the original error goes on to the fallback plugin.
          }
        }
        return undefined;
      };
      // The hook's declared type nests a promise in a promise; at run time the awaited value is the entry.
      return retry() as unknown as LoadEntryErrorResult;
    },
  };
}
