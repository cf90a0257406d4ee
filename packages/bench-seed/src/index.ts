import { z } from 'zod';
import { FUNCTIONAL_PAIR_CODES, TEMPERAMENT_CODES, TYPE_CODES } from '@study/personality';
import {
  dichotPrefSchema,
  interactionStylesSchema,
  nardiAnswersSchema,
  pgIdSchema,
  projectMemberIdSchema,
  rankedFunctionalPairSchema,
  rankedTemperamentSchema,
  rankedTypeSchema,
} from '@study/contracts';

// The bench's burst participants (scripts/bench/seed-burst.ts): what the bench decides about each
// one, which each service's bench-seed command (src/entry-points/bench-seed) stores in its own
// database with its own repositories, in the state the API journey leaves a participant in
// before their last save. The bench sends it as JSON; the commands parse it with these schemas.

/** The variable a bench-seed command runs only with, set to BENCH_SEED_ALLOW: it writes made-up participants into the database it is given. */
export const BENCH_SEED_VARIABLE = 'BENCH_SEED';
export const BENCH_SEED_ALLOW = 'allow';

/** An instant, sent as ISO 8601 text, read as a Date. */
const instantSchema = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

/**
 * The part-one scores as scoreNardi (@study/personality) makes them, fields in its order: svc-scoring
 * keeps them as their JSON text, so the text matches a participant's scored through the API.
 */
export const benchNardiScoresSchema = z.strictObject({
  typeCodes: z.array(rankedTypeSchema).length(TYPE_CODES.length),
  dichotPref: dichotPrefSchema,
  functionalPairs: z.array(rankedFunctionalPairSchema).length(FUNCTIONAL_PAIR_CODES.length),
  temperaments: z.array(rankedTemperamentSchema).length(TEMPERAMENT_CODES.length),
  interactionStyles: interactionStylesSchema,
});

const temperamentSchema = z.enum(TEMPERAMENT_CODES);
const functionalPairSchema = z.enum(FUNCTIONAL_PAIR_CODES);
const typeSchema = z.enum(TYPE_CODES);

/** One burst participant: who they are, what they answered and when each step of their journey happened. */
export const benchSeedParticipantSchema = z.strictObject({
  pgId: pgIdSchema,
  /** Which of the bench's participants this is (its answers and its member id follow from it). */
  index: z.number().int().min(0),
  /** The Open Humans project member they consented as (a member of the stand-in, made by svc-participants' command). */
  memberId: projectMemberIdSchema,
  /** The TypeFinder result, claimed. */
  typeFinder: z.strictObject({ typeCode: typeSchema }),
  /** Nardi parts one to four, completed. */
  nardi: z.strictObject({
    answers: nardiAnswersSchema,
    /** scoreNardi of the answers. */
    scores: benchNardiScoresSchema,
    /** The offers taken in parts two to four. */
    selections: z.strictObject({ selectedTemperament: temperamentSchema, selectedFP: functionalPairSchema, selectedTypeCode: typeSchema }),
    /** completeNardi of the scores and the selections: the Nardi type and its consistency (0..10). */
    completion: z.strictObject({ typeCode: typeSchema, selectedTemperament: temperamentSchema, selectedFP: functionalPairSchema, consistency: z.number().int().min(0).max(10) }),
  }),
  /** The journey's steps, in order, all before the last save. */
  at: z.strictObject({
    consented: instantSchema,
    /** The TypeFinder webhook's result reached the study. */
    typeFinderReceived: instantSchema,
    /** The participant claimed it. */
    typeFinderCompleted: instantSchema,
    nardiAnswered: instantSchema,
    nardiScored: instantSchema,
    nardiPartTwo: instantSchema,
    nardiPartThree: instantSchema,
    nardiCompleted: instantSchema,
    /** svc-scoring's result of the completed survey. */
    nardiFinalized: instantSchema,
    /** svc-participants and svc-reports took that result in. */
    updated: instantSchema,
  }),
});
export type BenchSeedParticipant = z.output<typeof benchSeedParticipantSchema>;
/** A participant as the bench writes it (the instants as ISO 8601 text). */
export type BenchSeedParticipantInput = z.input<typeof benchSeedParticipantSchema>;

/**
 * The journey's steps a little apart, starting at `start`: consent, the TypeFinder result and its
 * claim, Nardi part one (scored at once), parts two to four, svc-scoring's result taken in.
 */
export function journeyInstants(start: Date): BenchSeedParticipantInput['at'] {
  const at = (ms: number): string => new Date(start.getTime() + ms).toISOString();
  return {
    consented: at(0),
    typeFinderReceived: at(800),
    typeFinderCompleted: at(1000),
    nardiAnswered: at(2000),
    nardiScored: at(2050),
    nardiPartTwo: at(2400),
    nardiPartThree: at(2700),
    nardiCompleted: at(3000),
    nardiFinalized: at(3050),
    updated: at(3100),
  };
}

/** One batch of burst participants: what a bench-seed command reads (on stdin or from a file). */
export const benchSeedPlanSchema = z.strictObject({
  participants: z
    .array(benchSeedParticipantSchema)
    .min(1)
    .refine((participants) => new Set(participants.map((p) => p.pgId.toLowerCase())).size === participants.length, { message: 'every participant needs a study ID of their own' }),
});
export type BenchSeedPlan = z.output<typeof benchSeedPlanSchema>;
export type BenchSeedPlanInput = z.input<typeof benchSeedPlanSchema>;

/** What a bench-seed command prints (one JSON line) once it has stored a plan. */
export const benchSeedReportSchema = z.strictObject({
  /** e.g. svc-scoring. */
  service: z.string().min(1),
  /** The documents stored, per collection. */
  stored: z.record(z.string(), z.number().int().min(0)),
  /** svc-participants: each participant with the Open Humans member holding a live grant for them, in the plan's order. */
  members: z.array(z.strictObject({ pgId: pgIdSchema, memberId: projectMemberIdSchema })).optional(),
  /** svc-participants: how long making those members took, in ms. */
  membersAuthorizedMs: z.number().min(0).optional(),
});
export type BenchSeedReport = z.infer<typeof benchSeedReportSchema>;
