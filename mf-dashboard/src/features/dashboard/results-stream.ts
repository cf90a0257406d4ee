import { eventSourceResults, type ClientStore } from '@study/client-state';
import { useEffect, useState } from 'react';

/**
 * Keeps the participant's result stream (GET /api/user/events/{pgId}) open while the dashboard
 * shows them: each result (Nardi consistency, final type, report) goes into the store the moment
 * svc-participants has it, so the dashboard never asks again and again and never needs a reload.
 * Answers whether the stream is connected (the browser reconnects a dropped one by itself; the
 * card says so meanwhile).
 */
export function useResultsStream(store: ClientStore, pgId: string, enabled: boolean): { connected: boolean } {
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    if (!enabled) return;
    return eventSourceResults(pgId, { results: (results) => store.resultsArrived(results), connected: setConnected });
  }, [store, pgId, enabled]);
  return { connected };
}
