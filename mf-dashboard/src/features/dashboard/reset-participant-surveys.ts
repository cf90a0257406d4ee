import type { ClientStore } from '@study/client-state';

export const RESET_TOPIC = 'reset-surveys';

/** What a reset calls: the reset itself, then loading the participant again. */
export interface SurveyReset {
  resetSurveys(pgId: string): Promise<unknown>;
  loadParticipant(pgId: string): Promise<void>;
}

/**
 * 'Reset Surveys': every survey back to the start on the server, with the spec's notices, then
 * the participant's data loaded again.
 */
export async function resetParticipantSurveys(store: ClientStore, { resetSurveys, loadParticipant }: SurveyReset, pgId: string): Promise<void> {
  store.notify({ topic: RESET_TOPIC, message: 'Resetting surveys for current user', style: 'info' });
  try {
    await resetSurveys(pgId);
  } catch {
    store.notify({ topic: RESET_TOPIC, message: 'Failed to update surveys for current user', style: 'danger' });
    return;
  }
  store.notify({ topic: RESET_TOPIC, message: 'Surveys reset for current user', style: 'success' });
  store.clearSurveys();
  await loadParticipant(pgId);
}
