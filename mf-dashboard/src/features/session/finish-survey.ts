import { waitForResults, type ClientStore } from '@study/client-state';
import { ApiError } from '@study/ui';
import { loadParticipant } from '../dashboard';
import type { SessionApi } from './api/session-api';

/**
 * How long the last survey's screen waits for the result stream to show the final type before
 * asking anyway (the type normally comes in a fraction of a second; if the stream cannot
 * deliver, the dashboard keeps listening and shows it when it comes).
 */
export const FINAL_SCORE_STREAM_WAIT_MS = 10_000;

/**
 * Asks for the final score once the last required survey is done. The score is worked out by
 * svc-scoring from the survey just saved, which reaches it by event: the participant's result
 * stream says when it is there, and only then is it asked for (POST /api/user/survey/final), so
 * the answer is the score, never a "not ready" 409. `expected` is false when no score can come
 * (the Nardi survey was declined): then it is asked for at once. A 404/409 is no failure of the
 * survey just saved (the dashboard shows the score once it exists); other failures are recorded in
 * the console only (product.md section 8: no user-facing text).
 */
export async function requestFinalScore(api: Pick<SessionApi, 'requestFinalScore' | 'subscribeResults'>, pgId: string, expected = true): Promise<void> {
  try {
    if (expected && api.subscribeResults) await waitForResults(api.subscribeResults, pgId, (results) => results.finalScore !== null, FINAL_SCORE_STREAM_WAIT_MS);
    await api.requestFinalScore(pgId);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return;
    console.warn('The final score could not be requested:', error instanceof Error ? error.message : error);
  }
}

/** After the self-assessment is saved or declined: request the final score once it is worked out, then load the participant again. */
export async function finishRequiredSurveys(store: ClientStore, api: Pick<SessionApi, 'requestFinalScore' | 'fetchUser' | 'subscribeResults'>, pgId: string): Promise<void> {
  await requestFinalScore(api, pgId, store.getState().surveys.nardi.status === 'completed');
  await loadParticipant(store, api, pgId);
}

/** The message of a failed call, as the page shows it. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Something went wrong. Please try again.';
}
