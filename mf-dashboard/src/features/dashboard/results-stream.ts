import type { ClientStore } from '@study/client-state';
import { useEffect, useState } from 'react';
import type { DashboardApi } from './api/participant-api';

/**
 * Keeps the participant's result stream open while the dashboard shows them: each result
 * (Nardi consistency, final type, report) goes into the store the moment svc-participants has
 * it, so the dashboard never asks again and again and never needs a reload. Answers whether the
 * stream is connected (the browser reconnects a dropped one by itself; the card says so meanwhile).
 */
export function useResultsStream(store: ClientStore, api: Pick<DashboardApi, 'subscribeResults'>, pgId: string, enabled: boolean): { connected: boolean } {
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    if (!enabled || !api.subscribeResults) return;
    return api.subscribeResults(pgId, { results: (results) => store.resultsArrived(results), connected: setConnected });
  }, [store, api, pgId, enabled]);
  return { connected };
}
