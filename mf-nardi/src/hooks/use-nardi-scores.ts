import type { Answer } from '@study/contracts';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { scoresKey, type ScoresEntry } from '../lib/scores-cache';
import { useNardiServices } from '../lib/services';

export interface NardiScoresState {
  entry: ScoresEntry;
  /** Loads the scores again (after a failure, or when they turned out unusable). */
  retry: () => void;
}

const LOADING: ScoresEntry = { status: 'loading' };

/**
 * The participant's part-one scores: from the cache when this page view has them, otherwise
 * loaded with POST /api/user/nardi (a fresh browser, a reload).
 */
export function useNardiScores(pgId: string, answers: readonly Answer[]): NardiScoresState {
  const { api, scores } = useNardiServices();
  const key = scoresKey(pgId, answers);
  const read = () => scores.get(key);
  const entry = useSyncExternalStore(scores.subscribe, read, read);
  const fetchScores = useCallback(() => api.fetchScores(pgId), [api, pgId]);

  useEffect(() => {
    scores.load(key, fetchScores);
  }, [scores, key, fetchScores]);

  const retry = useCallback(() => scores.load(key, fetchScores, true), [scores, key, fetchScores]);
  return { entry: entry ?? LOADING, retry };
}
