// What the bench decides about its burst participants (seed-burst.ts), from packages only: who each
// one is, what they answer (as journey.ts's participant of the same index does) and when each step
// of their journey happened. The services' bench-seed commands store it (@study/contracts'
// benchSeedPlanSchema); this module also checks what each command answers.
import type * as Personality from '@study/personality';
import { benchSeedReportSchema, journeyInstants, type BenchSeedParticipantInput, type BenchSeedPlanInput, type BenchSeedReport } from '@study/bench-seed';
import type { ServiceName } from '@study/contracts';
import { nardiAnswers } from '@study/participant-client';
import { TF_TYPES } from './journey';

/** Apart from journey.ts's members (20000000 + i) and seed-participants.ts's (10000000 + i). */
export const MEMBER_ID_BASE = 30_000_000;
/** Participants per plan: each command stores one batch with one insert command per collection. */
export const BATCH = 1000;
/** journey.ts's Nardi variants (nardiAnswers(i % 5)). */
const NARDI_VARIANTS = 5;

/** The rules of @study/personality the plan is worked out with (loaded by the caller: see seed-burst.ts). */
export type PersonalityRules = Pick<typeof Personality, 'completeNardi' | 'partFourOffers' | 'partThreeOffers' | 'partTwoOffers' | 'scoreNardi' | 'toTypeCode'>;

type PlannedNardi = BenchSeedParticipantInput['nardi'];

/** journey.ts's Nardi for variant v: its part-one answers, then the first offer of parts two to four, completed as svc-scoring completes the survey. */
export function nardiOf(rules: PersonalityRules, variant: number): PlannedNardi {
  const answers = nardiAnswers(variant);
  const scores = rules.scoreNardi(answers);
  const selectedTemperament = rules.partTwoOffers(scores.temperaments)[0]!.code;
  const selectedFP = rules.partThreeOffers(scores.functionalPairs, selectedTemperament)[0]!.code;
  const selectedTypeCode = rules.partFourOffers(scores.typeCodes, selectedFP)[0]!.code;
  const completion = rules.completeNardi(scores, { selectedTemperament, selectedFP, selectedTypeCode });
  return { answers, scores, selections: { selectedTemperament, selectedFP, selectedTypeCode }, completion };
}

export interface BurstPlanOptions {
  rules: PersonalityRules;
  /** The bench's indexes of the participants of this plan: participant i answers as journey.ts's participant i and is Open Humans member 30000000 + i. */
  indexes: readonly number[];
  /** A new study ID. */
  newId: () => string;
  /** The time the journeys end before (each ends 1.9 s before it). */
  now: Date;
}

/**
 * One plan: per participant their study ID, TypeFinder type, Nardi answers and result, member id,
 * and the journey's steps a little apart, all before `now`: consent, the TypeFinder result and its
 * claim, Nardi part one (scored at once), parts two to four, svc-scoring's result taken in.
 */
export function burstPlan({ rules, indexes, newId, now }: BurstPlanOptions): BenchSeedPlanInput {
  const variants = new Map<number, PlannedNardi>();
  const nardiFor = (variant: number): PlannedNardi => {
    let nardi = variants.get(variant);
    if (!nardi) variants.set(variant, (nardi = nardiOf(rules, variant)));
    return nardi;
  };
  const at = journeyInstants(new Date(now.getTime() - 5000));
  return {
    participants: indexes.map((i) => ({
      pgId: newId(),
      index: i,
      memberId: String(MEMBER_ID_BASE + i),
      typeFinder: { typeCode: rules.toTypeCode(TF_TYPES[i % TF_TYPES.length]) },
      nardi: nardiFor(i % NARDI_VARIANTS),
      at,
    })),
  };
}

/** The bench's indexes of `count` participants from `firstIndex`, in plans of at most `size`. */
export function batchesOf(count: number, firstIndex = 0, size = BATCH): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < count; start += size) batches.push(Array.from({ length: Math.min(size, count - start) }, (_, k) => firstIndex + start + k));
  return batches;
}

/** The collections each service's command stores a document in per participant. */
export const SEEDED_COLLECTIONS: Readonly<Record<ServiceName, readonly string[]>> = {
  scoring: ['scores'],
  reports: ['reports'],
  participants: ['member-links', 'typefinder-inbox', 'audit-log', 'participants'],
};

/**
 * What a command printed (its last line of output), checked against its plan: one document per
 * participant in each of its collections, and for svc-participants each participant's member.
 * Throws saying what differs.
 */
export function checkedReport(service: ServiceName, output: string, plan: BenchSeedPlanInput): BenchSeedReport {
  const line = output.trim().split('\n').at(-1) ?? '';
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new Error(`svc-${service} bench-seed printed no report: ${JSON.stringify(line.slice(0, 200))}`);
  }
  const report = benchSeedReportSchema.parse(json);
  const size = plan.participants.length;
  const expected = Object.fromEntries(SEEDED_COLLECTIONS[service].map((collection) => [collection, size]));
  if (JSON.stringify(Object.entries(report.stored).sort()) !== JSON.stringify(Object.entries(expected).sort())) {
    throw new Error(`svc-${service} bench-seed stored ${JSON.stringify(report.stored)} for ${size} participants (expected ${JSON.stringify(expected)})`);
  }
  if (service === 'participants') {
    const planned = plan.participants.map(({ pgId, memberId }) => ({ pgId, memberId }));
    if (JSON.stringify(report.members) !== JSON.stringify(planned)) throw new Error('svc-participants bench-seed made other Open Humans members than the plan names');
  }
  return report;
}
