import type { NardiScoresView, SurveyState } from '@study/contracts';
import {
  FUNCTIONAL_PAIRS,
  NARDI_PART_FOUR_OFFER_SIZE,
  NARDI_PART_THREE_OFFER_SIZE,
  NARDI_PART_TWO_OFFER_SIZE,
  PERSONALITY_TYPES,
  PersonalityError,
  TEMPERAMENTS,
  partFourOffers,
  partThreeOffers,
  partTwoOffers,
} from '@study/personality';

/** One choice of parts two to four, as its card shows it. */
export interface Snapshot {
  code: string;
  title: string;
  description: string;
}

function requireCount(snapshots: Snapshot[], size: number, what: string): Snapshot[] {
  if (snapshots.length !== size) {
    throw new PersonalityError('NARDI_OFFER_INVALID', `Expected exactly ${size} ${what} to choose from, found ${snapshots.length}.`);
  }
  return snapshots;
}

/** Part two: the four temperaments, best match first (domain.md section 3). */
export function temperamentSnapshots(scores: NardiScoresView): Snapshot[] {
  const offer = partTwoOffers(scores.temperaments).map(({ code }) => ({ code, title: TEMPERAMENTS[code].name, description: TEMPERAMENTS[code].description }));
  return requireCount(offer, NARDI_PART_TWO_OFFER_SIZE, 'temperaments');
}

/** Part three: exactly the two functional pairs of the chosen temperament, best match first. */
export function functionalPairSnapshots(scores: NardiScoresView, nardi: Pick<SurveyState, 'selectedTemperament'>): Snapshot[] {
  const offer = partThreeOffers(scores.functionalPairs, nardi.selectedTemperament).map(({ code }) => ({
    code,
    title: FUNCTIONAL_PAIRS[code].title,
    description: FUNCTIONAL_PAIRS[code].description,
  }));
  return requireCount(offer, NARDI_PART_THREE_OFFER_SIZE, 'cognitive styles');
}

/** Part four: exactly three types: the two of the chosen pair, then the better of the temperament's other two. */
export function typeSnapshots(scores: NardiScoresView, nardi: Pick<SurveyState, 'selectedFP'>): Snapshot[] {
  const offer = partFourOffers(scores.typeCodes, nardi.selectedFP).map(({ code }) => ({
    code,
    title: PERSONALITY_TYPES[code].title,
    description: PERSONALITY_TYPES[code].description,
  }));
  return requireCount(offer, NARDI_PART_FOUR_OFFER_SIZE, 'types');
}
