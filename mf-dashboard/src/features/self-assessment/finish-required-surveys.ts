import { eventSourceResults, useClientStore, waitForResults, type ClientStore } from '@study/client-state';
import { ApiError } from '@study/ui';
import { useCallback } from 'react';
import { useLoadParticipant } from '../../api/get-participant';
import { useRequestFinalScore } from './api/request-final-score';

/**
 * How long the last survey's screen waits for the result stream to show the final type before
 * asking anyway (the type normally comes in a fraction of a second; if the stream cannot
 * deliver, the dashboard keeps listening and shows it when it comes).
 */
export const FINAL_SCORE_STREAM_WAIT_MS = 10_000;

/** What finishing the required surveys calls. */
export interface RequiredSurveysFinish {
  /** POST /api/user/survey/final {pgId} */
  requestFinalScore(pgId: string): Promise<unknown>;
  /** Loads the participant into the store again. */
  loadParticipant(pgId: string): Promise<void>;
}

/**
 * Asks for the final score once the last required survey is done. The score is worked out by
 * svc-scoring from the survey just saved, which reaches it by event: the participant's result
 * stream says when it is there, and only then is it asked for (POST /api/user/survey/final), so
 * the answer is the score, never a "not ready" 409. `expected` is false when no score can come
 * (the Nardi survey was declined): then it is asked for at once. A 404/409 is no failure of the
 * survey just saved (the dashboard shows the score once it exists); other failures are recorded in
 * the console only (product.md section 8: no user-facing text).
 */
export async function requestFinalScoreWhenWorkedOut(requestFinalScore: (pgId: string) => Promise<unknown>, pgId: string, expected = true): Promise<void> {
  try {
    if (expected) await waitForResults(eventSourceResults, pgId, (results) => results.finalScore !== null, FINAL_SCORE_STREAM_WAIT_MS);
    await requestFinalScore(pgId);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return;
    console.warn('The final score could not be requested:', error instanceof Error ? error.message : error);
  }
}

/** After the self-assessment is saved or declined: request the final score once it is worked out, then load the participant again. */
export async function finishRequiredSurveys(store: ClientStore, { requestFinalScore, loadParticipant }: RequiredSurveysFinish, pgId: string): Promise<void> {
  await requestFinalScoreWhenWorkedOut(requestFinalScore, pgId, store.getState().surveys.nardi.status === 'completed');
  await loadParticipant(pgId);
}

/** finishRequiredSurveys with the remote's calls. */
export function useFinishRequiredSurveys(): (pgId: string) => Promise<void> {
  const store = useClientStore();
  const { mutateAsync: requestFinalScore } = useRequestFinalScore();
  const loadParticipant = useLoadParticipant();
  return useCallback((pgId: string) => finishRequiredSurveys(store, { requestFinalScore: (id) => requestFinalScore({ pgId: id }), loadParticipant }, pgId), [store, requestFinalScore, loadParticipant]);
}
