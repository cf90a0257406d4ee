import { toFunctionalPairCode, toTemperamentCode, toTypeCode, type FunctionalPairCode, type TemperamentCode, type TypeCode } from '../catalogue/codes';
import { FUNCTIONAL_PAIRS } from '../catalogue/functional-pairs';
import { TEMPERAMENTS } from '../catalogue/temperaments';
import { NARDI_PART_FOUR_OFFER_SIZE, NARDI_PART_THREE_OFFER_SIZE, NARDI_PART_TWO_OFFER_SIZE } from '../constants';
import { PersonalityError } from '../errors';
import type { RankedScore } from '../ranking';
import { rankStoredScores, type ScoreEntryInput } from './stored-scores';

function distinctCount(entries: readonly RankedScore[]): number {
  return new Set(entries.map((entry) => entry.code)).size;
}

function requireSize(offer: readonly RankedScore[], size: number, what: string): void {
  if (offer.length !== size || distinctCount(offer) !== size) {
    throw new PersonalityError(
      'NARDI_OFFER_INVALID',
      `Expected exactly ${size} distinct ${what}, found ${offer.length} (${offer.map((entry) => entry.code).join(', ') || 'none'}).`,
    );
  }
}

/** Part two: the 4 temperaments in ranked order. */
export function partTwoOffers(temperaments: readonly ScoreEntryInput[]): RankedScore<TemperamentCode>[] {
  const offer = rankStoredScores(temperaments, 'temperament', toTemperamentCode);
  requireSize(offer, NARDI_PART_TWO_OFFER_SIZE, 'temperaments for Nardi part two');
  return offer;
}

/** Part three: exactly the two functional pairs of the chosen temperament, ranked. */
export function partThreeOffers(functionalPairs: readonly ScoreEntryInput[], selectedTemperament: unknown): RankedScore<FunctionalPairCode>[] {
  const temperament = toTemperamentCode(selectedTemperament);
  const offer = rankStoredScores(functionalPairs, 'functional pair', toFunctionalPairCode).filter(
    (entry) => FUNCTIONAL_PAIRS[entry.code].temperament === temperament,
  );
  requireSize(offer, NARDI_PART_THREE_OFFER_SIZE, `functional pairs of ${temperament} for Nardi part three`);
  return offer;
}

/**
 * Part four: exactly three types: the two types of the chosen pair, ranked, then the
 * higher-ranked of the two other types of the pair's temperament.
 */
export function partFourOffers(typeCodes: readonly ScoreEntryInput[], selectedFP: unknown): RankedScore<TypeCode>[] {
  const pair = FUNCTIONAL_PAIRS[toFunctionalPairCode(selectedFP)];
  const ranked = rankStoredScores(typeCodes, 'type', toTypeCode);
  const pairTypes = ranked.filter((entry) => pair.types.includes(entry.code));
  const others = ranked.filter((entry) => TEMPERAMENTS[pair.temperament].types.includes(entry.code) && !pair.types.includes(entry.code));
  requireSize(pairTypes, 2, `types of ${pair.code} for Nardi part four`);
  requireSize(others, 2, `other ${pair.temperament} types for Nardi part four`);
  // Two pair types plus the better of the two others: NARDI_PART_FOUR_OFFER_SIZE (3).
  return [...pairTypes, ...others.slice(0, NARDI_PART_FOUR_OFFER_SIZE - pairTypes.length)];
}

/** Throws NARDI_SELECTION_INVALID unless the selection is one of the offered codes. */
export function requireOffered<C extends string>(offer: readonly RankedScore<C>[], selected: unknown, part: string): C {
  const match = offer.find((entry) => entry.code === selected);
  if (match === undefined) {
    throw new PersonalityError(
      'NARDI_SELECTION_INVALID',
      `The ${part} choice ${typeof selected === 'string' ? `'${selected}'` : String(selected)} was not offered; the choices were ${offer.map((entry) => entry.code).join(', ')}.`,
    );
  }
  return match.code;
}
