import { loadFailureMessage, type ClientStore } from '@study/client-state';
import { ApiError } from '@study/ui';
import type { DashboardApi } from './api/participant-api';

/** Loads the participant's data into the store: loading, then loaded or failed with the server's message. */
export async function loadParticipant(store: ClientStore, api: Pick<DashboardApi, 'fetchUser'>, pgId: string): Promise<void> {
  store.loadStarted(pgId);
  try {
    store.loadSucceeded(await api.fetchUser(pgId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    store.loadFailed(pgId, loadFailureMessage(message, error instanceof ApiError ? error.status : undefined));
  }
}

export const RESET_TOPIC = 'reset-surveys';

/**
 * 'Reset Surveys': every survey back to the start on the server, with the spec's notices, then
 * the participant's data loaded again.
 */
export async function resetParticipantSurveys(store: ClientStore, api: Pick<DashboardApi, 'fetchUser' | 'resetSurveys'>, pgId: string): Promise<void> {
  store.notify({ topic: RESET_TOPIC, message: 'Resetting surveys for current user', style: 'info' });
  try {
    await api.resetSurveys(pgId);
  } catch {
    store.notify({ topic: RESET_TOPIC, message: 'Failed to update surveys for current user', style: 'danger' });
    return;
  }
  store.notify({ topic: RESET_TOPIC, message: 'Surveys reset for current user', style: 'success' });
  store.clearSurveys();
  await loadParticipant(store, api, pgId);
}
