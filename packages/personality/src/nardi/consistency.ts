import {
  FUNCTIONAL_PAIR_CODES,
  TEMPERAMENT_CODES,
  TYPE_CODES,
  toFunctionalPairCode,
  toTemperamentCode,
  toTypeCode,
  type FunctionalPairCode,
  type TemperamentCode,
  type TypeCode,
} from '../catalogue/codes';
import type { RankedScore } from '../ranking';
import { partFourOffers, partThreeOffers, requireOffered } from './offers';
import { rankCompleteScores, type ScoreEntryInput } from './stored-scores';

/** The part-one ranked lists that the part two to four choices are checked against. */
export interface NardiRankings {
  typeCodes: readonly ScoreEntryInput[];
  functionalPairs: readonly ScoreEntryInput[];
  temperaments: readonly ScoreEntryInput[];
}

export interface NardiSelections {
  selectedTemperament: unknown;
  selectedFP: unknown;
  selectedTypeCode: unknown;
}

/** Points by rank (index 0 = rank 1); ranks past the end of a table score 0. */
export const CONSISTENCY_POINTS = {
  temperament: [3, 2, 1, 0],
  functionalPair: [3, 2, 1, 1],
  type: [4, 3, 2, 1, 1],
} as const;

function pointsFor(table: readonly number[], rank: number): number {
  return table[rank - 1] ?? 0;
}

/** Temperament ranked among 4: rank 1 -> 3, 2 -> 2, 3 -> 1, 4 -> 0. */
export function temperamentConsistencyPoints(rank: number): number {
  return pointsFor(CONSISTENCY_POINTS.temperament, rank);
}

/** Functional pair ranked among 8: rank 1 -> 3, 2 -> 2, 3 or 4 -> 1, else 0. */
export function functionalPairConsistencyPoints(rank: number): number {
  return pointsFor(CONSISTENCY_POINTS.functionalPair, rank);
}

/** Type ranked among 16: rank 1 -> 4, 2 -> 3, 3 -> 2, 4 or 5 -> 1, else 0. */
export function typeConsistencyPoints(rank: number): number {
  return pointsFor(CONSISTENCY_POINTS.type, rank);
}

function rankOf<C extends string>(ranked: readonly RankedScore<C>[], code: C): number {
  // Complete rankings hold every code, so the lookup always succeeds.
  return (ranked.find((entry) => entry.code === code) as RankedScore<C>).rank;
}

export interface NardiCompletion {
  /** The Nardi typeCode: the type chosen in part four. */
  typeCode: TypeCode;
  selectedTemperament: TemperamentCode;
  selectedFP: FunctionalPairCode;
  /** 0..10 */
  consistency: number;
}

/**
 * Checks the part two to four choices against the offers the part-one scores produce
 * (NARDI_SELECTION_INVALID when a choice was not offered) and scores their consistency
 * (domain.md section 4).
 *
 * Ties use the competition rank: a choice tied with others shares their better rank, so a
 * choice tied for first place earns the rank-1 points (the participant picked a best fit).
 */
export function completeNardi(rankings: NardiRankings, selections: NardiSelections): NardiCompletion {
  const temperaments = rankCompleteScores(rankings.temperaments, 'temperament', TEMPERAMENT_CODES, toTemperamentCode);
  const functionalPairs = rankCompleteScores(rankings.functionalPairs, 'functional pair', FUNCTIONAL_PAIR_CODES, toFunctionalPairCode);
  const typeCodes = rankCompleteScores(rankings.typeCodes, 'type', TYPE_CODES, toTypeCode);

  const selectedTemperament = toTemperamentCode(selections.selectedTemperament);
  const selectedFP = requireOffered(partThreeOffers(functionalPairs, selectedTemperament), toFunctionalPairCode(selections.selectedFP), 'part three');
  const typeCode = requireOffered(partFourOffers(typeCodes, selectedFP), toTypeCode(selections.selectedTypeCode), 'part four');

  const consistency =
    temperamentConsistencyPoints(rankOf(temperaments, selectedTemperament)) +
    functionalPairConsistencyPoints(rankOf(functionalPairs, selectedFP)) +
    typeConsistencyPoints(rankOf(typeCodes, typeCode));
  return { typeCode, selectedTemperament, selectedFP, consistency };
}

/** The consistency (0..10) of the part two to four choices; see completeNardi. */
export function nardiConsistency(rankings: NardiRankings, selections: NardiSelections): number {
  return completeNardi(rankings, selections).consistency;
}
