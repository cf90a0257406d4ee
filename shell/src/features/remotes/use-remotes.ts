import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { RemoteRoutesInfo, RemotesSource } from './types';

export type RemoteListState =
  | { status: 'loading' }
  | { status: 'ready'; remotes: RemoteRoutesInfo[] }
  | { status: 'failed'; error: string };

export interface Remotes {
  list: RemoteListState;
  /** Fetches the remote list again after a failure. */
  reloadList: () => void;
  /** Loads a remote's routes and remembers them for the rest of the visit. */
  loadRoutes: (remoteName: string) => Promise<ComponentType>;
  /** Routes loaded earlier in this visit, so returning to a remote shows no spinner. */
  loadedRoutes: (remoteName: string) => ComponentType | undefined;
}

/** Used once, at the top of the app, so what has been loaded outlives page changes. */
export function useRemotes(source: RemotesSource): Remotes {
  const [list, setList] = useState<RemoteListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loaded = useRef(new Map<string, ComponentType>());

  useEffect(() => {
    let cancelled = false;
    source.fetchRemotes().then(
      (remotes) => {
        if (!cancelled) setList({ status: 'ready', remotes });
      },
      (error: unknown) => {
        if (!cancelled) setList({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [source, attempt]);

  const reloadList = useCallback(() => {
    setList({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const loadRoutes = useCallback(
    async (remoteName: string) => {
      const Routes = await source.loadRoutes(remoteName);
      loaded.current.set(remoteName, Routes);
      return Routes;
    },
    [source],
  );

  const loadedRoutes = useCallback((remoteName: string) => loaded.current.get(remoteName), []);

  return { list, reloadList, loadRoutes, loadedRoutes };
}
