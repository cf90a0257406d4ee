import { callApi } from '@study/api-client';
import { routes, type Answer, type NardiScoresView } from '@study/contracts';
import { useQuery } from '@tanstack/react-query';
import { waitForResult } from './wait-for-result';

/** POST /api/user/nardi {pgId}: the part-one scores, asked for once the result stream says scoring holds them. */
export async function getNardiScores(pgId: string): Promise<NardiScoresView> {
  await waitForResult(pgId, ({ nardi }) => nardi.scored);
  return callApi(routes.nardiScores, { body: { pgId } });
}

export const SCORES_FAILED_MESSAGE = 'Your Nardi scores could not be loaded.';

/**
 * The query key of the part-one scores: whose, for which answers (in any order), so new answers
 * (after a reset) never meet old scores.
 */
export function nardiScoresKey(pgId: string, answers: readonly Answer[]) {
  const given = [...answers].sort((a, b) => Number(a.id) - Number(b.id)).map(({ id, value }) => `${String(id)}${String(value)}`);
  return ['nardi-scores', pgId, given.join(',')] as const;
}

/** Where loading one participant's part-one scores stands. */
export type ScoresEntry = { status: 'loading' } | { status: 'ready'; scores: NardiScoresView } | { status: 'failed'; message: string };

export interface NardiScoresState {
  entry: ScoresEntry;
  /** Loads the scores again (after a failure, or when they turned out unusable). */
  retry: () => void;
}

/**
 * The participant's part-one scores, kept for parts two to four while the remote is mounted
 * (they do not change for the same answers), otherwise loaded with POST /api/user/nardi (a fresh
 * browser, a reload).
 */
export function useNardiScores(pgId: string, answers: readonly Answer[]): NardiScoresState {
  const query = useQuery({ queryKey: nardiScoresKey(pgId, answers), queryFn: () => getNardiScores(pgId), staleTime: Infinity });
  const retry = () => void query.refetch({ cancelRefetch: false });
  if (query.isFetching) return { entry: { status: 'loading' }, retry };
  if (query.isSuccess) return { entry: { status: 'ready', scores: query.data }, retry };
  if (query.isError) {
    const { error } = query;
    return { entry: { status: 'failed', message: error instanceof Error && error.message.trim() !== '' ? error.message : SCORES_FAILED_MESSAGE }, retry };
  }
  return { entry: { status: 'loading' }, retry };
}
