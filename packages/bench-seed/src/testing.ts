import { completeNardi, partFourOffers, partThreeOffers, partTwoOffers, scoreNardi, toTypeCode } from '@study/personality';
import { SAMPLE_ANSWERS } from '@study/personality/testing';
import { journeyInstants, type BenchSeedParticipantInput, type BenchSeedPlanInput } from './index';

/** Who a fixture participant is; the rest follows (the sample Nardi answers, their first offers, a TypeFinder type). */
export interface BenchSeedFixtureParticipant {
  pgId: string;
  index: number;
  memberId: string;
  typeFinderType?: string;
}

/**
 * A plan for tests of the bench-seed commands: participants who answered Nardi part one with the
 * sample answers and took the first offer of parts two to four, their steps a little apart and
 * ending `endsMsBefore` ms before `now`. Not for production code.
 */
export function benchSeedPlanFixture(participants: readonly BenchSeedFixtureParticipant[], now = new Date(), endsMsBefore = 5000): BenchSeedPlanInput {
  const answers = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
  const scores = scoreNardi(answers);
  const selectedTemperament = partTwoOffers(scores.temperaments)[0]!.code;
  const selectedFP = partThreeOffers(scores.functionalPairs, selectedTemperament)[0]!.code;
  const selectedTypeCode = partFourOffers(scores.typeCodes, selectedFP)[0]!.code;
  const completion = completeNardi(scores, { selectedTemperament, selectedFP, selectedTypeCode });
  const at = journeyInstants(new Date(now.getTime() - endsMsBefore));
  return {
    participants: participants.map(
      ({ pgId, index, memberId, typeFinderType = 'INTJ' }): BenchSeedParticipantInput => ({
        pgId,
        index,
        memberId,
        typeFinder: { typeCode: toTypeCode(typeFinderType) },
        nardi: { answers, scores, selections: { selectedTemperament, selectedFP, selectedTypeCode }, completion },
        at,
      }),
    ),
  };
}
