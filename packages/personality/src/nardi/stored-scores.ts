import { PersonalityError } from '../errors';
import { rankScores, type RankedScore } from '../ranking';

/** A stored score entry (from a request or the database), validated at run time. */
export interface ScoreEntryInput {
  readonly code: unknown;
  readonly score: unknown;
}

function checkedEntries<C extends string>(list: unknown, kind: string, toCode: (value: unknown) => C): { code: C; score: number }[] {
  if (!Array.isArray(list)) {
    throw new PersonalityError('NARDI_SCORES_INVALID', `The Nardi ${kind} scores must be a list.`);
  }
  return list.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) {
      throw new PersonalityError('NARDI_SCORES_INVALID', `A Nardi ${kind} score entry is not an object.`);
    }
    const { code, score } = entry as ScoreEntryInput;
    const checkedCode = toCode(code);
    if (typeof score !== 'number' || !Number.isFinite(score) || score < 0) {
      throw new PersonalityError('NARDI_SCORES_INVALID', `The Nardi ${kind} score of ${checkedCode} is not a number of 0 or more.`);
    }
    return { code: checkedCode, score };
  });
}

/**
 * Ranks a stored list again (stored ranks are not trusted), after checking every code is known
 * (UNKNOWN_CODE) and every score is a number (NARDI_SCORES_INVALID). It may be incomplete.
 */
export function rankStoredScores<C extends string>(list: unknown, kind: string, toCode: (value: unknown) => C): RankedScore<C>[] {
  return rankScores(checkedEntries(list, kind, toCode));
}

/** Like rankStoredScores, and also requires every code of the set exactly once. */
export function rankCompleteScores<C extends string>(
  list: unknown,
  kind: string,
  allCodes: readonly C[],
  toCode: (value: unknown) => C,
): RankedScore<C>[] {
  const ranked = rankStoredScores(list, kind, toCode);
  const codes = new Set(ranked.map((entry) => entry.code));
  if (ranked.length !== allCodes.length || codes.size !== allCodes.length) {
    throw new PersonalityError(
      'NARDI_SCORES_INVALID',
      `The Nardi ${kind} scores must list each of the ${allCodes.length} codes exactly once (got ${ranked.length} entries, ${codes.size} distinct).`,
    );
  }
  return ranked;
}
