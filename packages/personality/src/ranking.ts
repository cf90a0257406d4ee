/** One entry of a ranked list: a code, its score and its competition rank. */
export interface RankedScore<C extends string = string> {
  code: C;
  score: number;
  rank: number;
}

/**
 * Ranks entries by score descending, then code ascending (so the order is deterministic), and
 * gives each its competition rank: tied scores share the better rank and the next rank skips
 * (1, 2, 2, 4).
 */
export function rankScores<C extends string>(entries: Iterable<{ readonly code: C; readonly score: number }>): RankedScore<C>[] {
  const sorted = Array.from(entries, ({ code, score }) => ({ code, score })).sort(
    (a, b) => b.score - a.score || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
  const ranked: RankedScore<C>[] = [];
  sorted.forEach((entry, index) => {
    const previous = ranked[index - 1];
    const rank = previous !== undefined && previous.score === entry.score ? previous.rank : index + 1;
    ranked.push({ ...entry, rank });
  });
  return ranked;
}

/** Ranks the entries of a score map (code -> score). */
export function rankScoreMap<C extends string>(scores: Readonly<Record<C, number>>): RankedScore<C>[] {
  return rankScores((Object.keys(scores) as C[]).map((code) => ({ code, score: scores[code] })));
}
