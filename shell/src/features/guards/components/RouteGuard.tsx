import { useClientState, useClientStore } from '@study/client-state';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardDecision } from '../guard-decision';

export interface RouteGuardProps {
  children: ReactNode;
}

/** Shows its children only where guardDecision allows; redirects (replacing the history entry) otherwise. */
export function RouteGuard({ children }: RouteGuardProps) {
  const { pathname } = useLocation();
  const store = useClientStore();
  const pgId = useClientState((state) => state.pgId);
  const user = useClientState((state) => state.user);
  const load = useClientState((state) => state.load);
  const surveys = useClientState((state) => state.surveys);
  const decision = guardDecision(pathname, { pgId, user, load, surveys });
  const resetLoad = decision.action === 'redirect' && decision.resetLoad;

  useEffect(() => {
    if (resetLoad) store.resetLoad();
  }, [resetLoad, store]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
