import type { ClientStore } from '@study/client-state';
import { ApiError } from '@study/ui';
import { loadParticipant } from '../dashboard';
import type { SessionApi } from './api/session-api';

/**
 * Asks for the final score once the last required survey is done. The score may not be ready
 * (404/409: the scoring service has not received every survey yet, or cannot score yet); that is
 * no failure of the survey just saved, and the dashboard shows the score once it exists. Other
 * failures are recorded in the console only (product.md section 8: no user-facing text).
 */
export async function requestFinalScore(api: Pick<SessionApi, 'requestFinalScore'>, pgId: string): Promise<void> {
  try {
    await api.requestFinalScore(pgId);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return;
    console.warn('The final score could not be requested:', error instanceof Error ? error.message : error);
  }
}

/** After the self-assessment is saved or declined: request the final score, then load the participant again. */
export async function finishRequiredSurveys(store: ClientStore, api: Pick<SessionApi, 'requestFinalScore' | 'fetchUser'>, pgId: string): Promise<void> {
  await requestFinalScore(api, pgId);
  await loadParticipant(store, api, pgId);
}

/** The message of a failed call, as the page shows it. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Something went wrong. Please try again.';
}
