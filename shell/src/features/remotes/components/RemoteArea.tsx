import { reportRemoteLoadFailure } from '@study/error-reporting';
import { Spinner } from '@study/ui';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';

type AreaState =
  | { status: 'loading' }
  | { status: 'ready'; Routes: ComponentType }
  | { status: 'failed' };

export interface RemoteAreaProps {
  /** Loads the remote's route component; called again by Retry. */
  load: () => Promise<ComponentType>;
  /** A component loaded earlier, shown at once instead of the spinner. */
  loaded?: ComponentType;
  /** The remote's federation name (mf_nardi), for its error reports. */
  remote?: string;
}

/** The part of the page a remote fills: a spinner while loading, its routes, or the fallback. */
export function RemoteArea({ load, loaded, remote }: RemoteAreaProps) {
  const [state, setState] = useState<AreaState>(loaded ? { status: 'ready', Routes: loaded } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  const remoteRef = useRef(remote);
  useEffect(() => {
    loadRef.current = load;
    remoteRef.current = remote;
  }, [load, remote]);

  const skipFirstLoad = useRef(Boolean(loaded));
  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    let cancelled = false;
    loadRef.current().then(
      (Routes) => {
        if (!cancelled) setState({ status: 'ready', Routes });
      },
      (error: unknown) => {
        if (remoteRef.current) reportRemoteLoadFailure(remoteRef.current, error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (state.status === 'loading') {
    return (
      <div className="page page--narrow">
        <Spinner />
      </div>
    );
  }
  if (state.status === 'failed') return <RemoteFallback onRetry={retry} />;
  const { Routes } = state;
  return (
    <RemoteErrorBoundary
      remote={remote}
      fallback={(reset) => (
        <RemoteFallback
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <Routes />
    </RemoteErrorBoundary>
  );
}
