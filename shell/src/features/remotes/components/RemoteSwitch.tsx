import { NotFound, Spinner } from '@study/ui';
import { useLocation } from 'react-router-dom';
import { findRemoteForPath } from '../remote-ownership';
import type { Remotes } from '../use-remotes';
import { RemoteArea } from './RemoteArea';
import { RemoteFallback } from './RemoteFallback';

export interface RemoteSwitchProps {
  remotes: Remotes;
}

/**
 * Mounted by the shell on its catch-all route ("*"), whose matched base is "/": the remote's own
 * <Routes> therefore match absolute paths ("/consent", "/survey/:pgId") exactly as written.
 * (Under a route like "/consent/*" a descendant <Routes> would only see the rest of the path.)
 */
export function RemoteSwitch({ remotes }: RemoteSwitchProps) {
  const { pathname } = useLocation();
  const { list } = remotes;

  if (list.status === 'loading') {
    return (
      <div className="page page--narrow">
        <Spinner />
      </div>
    );
  }
  // Without the remote list the shell cannot tell a remote's page from a wrong address.
  if (list.status === 'failed') return <RemoteFallback onRetry={remotes.reloadList} />;

  const owner = findRemoteForPath(list.remotes, pathname);
  if (!owner) return <NotFound />;
  return (
    <RemoteArea
      key={owner.name}
      remote={owner.name}
      load={() => remotes.loadRoutes(owner.name)}
      loaded={remotes.loadedRoutes(owner.name)}
    />
  );
}
