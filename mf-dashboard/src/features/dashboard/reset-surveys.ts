import type { ClientStore } from '@study/client-state';
import { loadParticipant } from '../../lib/load-participant';
import type { DashboardApi } from './api/participant-api';

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
