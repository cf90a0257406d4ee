import { z } from 'zod';
import { CONFIDENCE_LEVELS, DICHOTOMY_LETTERS, INCONCLUSIVE, TEMPERAMENT_CODES } from '@study/personality';
import { pgIdSchema } from './ids';
import { dichotPrefSchema, rankedTemperamentSchema } from './nardi';
import { typeCodeSchema } from './surveys';

/** One of the 16 types, or 'Inconclusive' (product.md section 3). */
export const finalTypeCodeSchema = z.union([typeCodeSchema, z.literal(INCONCLUSIVE)]);
export type FinalTypeCode = z.infer<typeof finalTypeCodeSchema>;

/**
 * The official MBTI scores of one participant (product.md section 3, the type-indicator
 * upload row): the whole type, the four preference clarity indexes and the four dichotomous
 * preference scores.
 */
export const mbtiScoresSchema = z.object({
  wholeType: typeCodeSchema,
  pci1: z.number().finite(),
  pci2: z.number().finite(),
  pci3: z.number().finite(),
  pci4: z.number().finite(),
  dpref1: z.number().finite(),
  dpref2: z.number().finite(),
  dpref3: z.number().finite(),
  dpref4: z.number().finite(),
});
export type MbtiScores = z.infer<typeof mbtiScoresSchema>;

/**
 * data of participants.mbti.uploaded.v1 (subject: the pgId): the participant's official MBTI
 * result was uploaded (POST /api/user/mbti, one event per participant in the upload). A later
 * upload for the same participant replaces it. Scoring recomputes the final score with it.
 */
export const mbtiUploadedDataSchema = mbtiScoresSchema;
export type MbtiUploadedData = z.infer<typeof mbtiUploadedDataSchema>;

/** Which rule of domain.md section 5 decided the final score (see decideFinalScore). */
export const finalScoreBasisSchema = z.enum(['allAgree', 'selfAssessmentConfident', 'inconclusive', 'rejectedAllAgree', 'letterMajority']);
export const letterDecisionSchema = z.object({
  letter: z.enum(DICHOTOMY_LETTERS),
  decidedBy: z.enum(['majority', 'mbti', 'nardiScore', 'nardiType']),
});

/** How the final score was decided: the rule, and for a letter-by-letter result how each letter was. */
export const finalScoreDecidedBySchema = z.object({
  basis: finalScoreBasisSchema,
  letters: z.array(letterDecisionSchema).length(4).optional(),
});
export type FinalScoreDecidedBy = z.infer<typeof finalScoreDecidedBySchema>;

/**
 * The results the final score was computed from, with what the final report shows of each:
 * the TypeFinder type; the Nardi type, consistency (0..10), dichotomy scores (0..200) and ranked
 * temperaments; the self-assessment (declined, or the stated type and confidence); the official
 * MBTI type once uploaded.
 */
export const finalScoreInputsSchema = z.object({
  typeFinder: z.object({ typeCode: typeCodeSchema }),
  nardi: z.object({
    typeCode: typeCodeSchema,
    consistency: z.number().int().min(0).max(10),
    dichotPref: dichotPrefSchema,
    temperaments: z.array(rankedTemperamentSchema).length(TEMPERAMENT_CODES.length),
  }),
  selfAssessment: z.discriminatedUnion('status', [
    z.object({ status: z.literal('completed'), personalityType: typeCodeSchema, confidence: z.enum(CONFIDENCE_LEVELS) }),
    z.object({ status: z.literal('rejected') }),
  ]),
  mbti: z.object({ wholeType: typeCodeSchema }).optional(),
});
export type FinalScoreInputs = z.infer<typeof finalScoreInputsSchema>;

/**
 * data of scoring.score.finalized.v1: the participant's final score was computed (all three
 * required surveys done) or computed again (an input changed, e.g. an MBTI upload). `version`
 * grows by one with every finalized or cleared event about the participant: a consumer keeps
 * the highest version it has seen and ignores anything older.
 */
export const scoreFinalizedDataSchema = z.object({
  typeCode: finalTypeCodeSchema,
  version: z.number().int().min(1),
  decidedBy: finalScoreDecidedBySchema,
  inputs: finalScoreInputsSchema,
  computedAt: z.iso.datetime({ offset: true }),
});
export type ScoreFinalizedData = z.infer<typeof scoreFinalizedDataSchema>;

/**
 * data of scoring.score.cleared.v1: the participant no longer has a final score: their surveys
 * were reset ('reset'), or an input the score needs went away otherwise ('inputs-incomplete',
 * e.g. new Nardi part-one answers). Same `version` sequence as scoring.score.finalized.v1.
 */
export const scoreClearedDataSchema = z.object({
  version: z.number().int().min(1),
  reason: z.enum(['reset', 'inputs-incomplete']),
  clearedAt: z.iso.datetime({ offset: true }),
});
export type ScoreClearedData = z.infer<typeof scoreClearedDataSchema>;

/** POST /api/user/survey/final {pgId} answers finalScoreResponseSchema. */
export const finalScoreRequestSchema = z.strictObject({ pgId: pgIdSchema });
export type FinalScoreRequest = z.infer<typeof finalScoreRequestSchema>;
export const finalScoreResponseSchema = z.object({ typeCode: finalTypeCodeSchema, computedAt: z.iso.datetime({ offset: true }) });
export type FinalScoreResponse = z.infer<typeof finalScoreResponseSchema>;
