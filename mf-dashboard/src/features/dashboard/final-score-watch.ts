import type { ClientStore, SurveyStates } from '@study/client-state';
import type { UserView } from '@study/contracts';
import { isSurveyDone, SURVEY_ORDER } from '@study/personality';
import { useEffect } from 'react';
import type { DashboardApi } from './api/participant-api';

/** How often the dashboard asks again while the final type is being worked out. */
export const FINAL_SCORE_POLL_MS = 2_000;
/** How many times it asks (about 30 s) before leaving it to the next visit. */
export const FINAL_SCORE_POLL_ATTEMPTS = 15;

/**
 * The final type is on its way: every required survey is done, the Nardi survey completed (the
 * score needs it) and the scoring service has not answered yet.
 */
export function finalScoreExpected(finalScore: UserView['finalScore'], surveys: SurveyStates): boolean {
  return finalScore === null && surveys.nardi.status === 'completed' && SURVEY_ORDER.every((id) => isSurveyDone(id, surveys[id].status));
}

/**
 * While the final type is being worked out (scoring computes it from events, a moment after the
 * last survey is saved), loads the participant again every 2 s, quietly (no loading state), until
 * the score is there, about 30 s have passed, or the dashboard is left.
 */
export function useFinalScoreWatch(store: ClientStore, api: Pick<DashboardApi, 'fetchUser'>, pgId: string, waiting: boolean): void {
  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      attempts += 1;
      try {
        const user = await api.fetchUser(pgId);
        if (stopped) return;
        // Once the score is in the store, `waiting` turns false and this effect is cleaned up.
        store.loadSucceeded(user);
        if (user.finalScore !== null) return;
      } catch (error) {
        if (stopped) return;
        console.warn('The dashboard could not check for the final type:', error instanceof Error ? error.message : error);
      }
      if (attempts < FINAL_SCORE_POLL_ATTEMPTS) timer = setTimeout(() => void ask(), FINAL_SCORE_POLL_MS);
    };
    timer = setTimeout(() => void ask(), FINAL_SCORE_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [store, api, pgId, waiting]);
}
