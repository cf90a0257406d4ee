import type { Answer, NardiScoresView } from '@study/contracts';

/** Where loading one participant's part-one scores stands. */
export type ScoresEntry =
  | { status: 'loading' }
  | { status: 'ready'; scores: NardiScoresView }
  | { status: 'failed'; message: string };

/**
 * The part-one scores, kept for parts two to four of this page view. They are keyed by the study
 * ID and the part-one answers, so new answers (after a reset) never meet old scores. A fresh
 * browser simply has none and loads them again.
 */
export interface ScoresCache {
  get(key: string): ScoresEntry | undefined;
  /** useSyncExternalStore's subscribe. */
  subscribe(listener: () => void): () => void;
  /** Loads the scores for key unless they are loading or loaded; `force` loads them again unless loading. */
  load(key: string, fetchScores: () => Promise<NardiScoresView>, force?: boolean): void;
  clear(): void;
}

export const SCORES_FAILED_MESSAGE = 'Your Nardi scores could not be loaded.';

/** The cache key: whose scores, for which answers. */
export function scoresKey(pgId: string, answers: readonly Answer[]): string {
  const given = [...answers].sort((a, b) => Number(a.id) - Number(b.id)).map(({ id, value }) => `${String(id)}${String(value)}`);
  return `${pgId}|${given.join(',')}`;
}

export function createScoresCache(): ScoresCache {
  let entries = new Map<string, ScoresEntry>();
  const listeners = new Set<() => void>();
  const set = (key: string, entry: ScoresEntry) => {
    entries = new Map(entries).set(key, entry);
    for (const listener of [...listeners]) listener();
  };
  return {
    get: (key) => entries.get(key),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load(key, fetchScores, force = false) {
      const current = entries.get(key);
      if (current?.status === 'loading' || (current !== undefined && !force)) return;
      set(key, { status: 'loading' });
      fetchScores().then(
        (scores) => set(key, { status: 'ready', scores }),
        (error: unknown) => set(key, { status: 'failed', message: error instanceof Error && error.message.trim() !== '' ? error.message : SCORES_FAILED_MESSAGE }),
      );
    },
    clear() {
      entries = new Map();
      for (const listener of [...listeners]) listener();
    },
  };
}
