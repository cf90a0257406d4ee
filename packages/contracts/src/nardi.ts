import { z } from 'zod';
import { DICHOTOMY_LETTERS, FUNCTIONAL_PAIR_CODES, INTERACTION_STYLE_CODES, NARDI_QUESTION_COUNT, TEMPERAMENT_CODES, TYPE_CODES } from '@study/personality';
import { pgIdSchema } from './ids';

/** One Nardi part-one answer: item id 1..25 and the option chosen. */
export const nardiAnswerSchema = z.object({ id: z.number().int().min(1).max(NARDI_QUESTION_COUNT), value: z.enum(['A', 'B']) });
export type NardiAnswer = z.infer<typeof nardiAnswerSchema>;
export const nardiAnswersSchema = z.array(nardiAnswerSchema).length(NARDI_QUESTION_COUNT);

function rankedSchema<C extends readonly [string, ...string[]]>(codes: C) {
  return z.object({ code: z.enum(codes), score: z.number().int().min(0), rank: z.number().int().min(1) });
}

function scoreMapSchema<C extends readonly [string, ...string[]]>(codes: C) {
  return z.object(Object.fromEntries(codes.map((code) => [code, z.number().int().min(0)])) as Record<C[number], z.ZodNumber>);
}

export const rankedTypeSchema = rankedSchema(TYPE_CODES);
export const rankedTemperamentSchema = rankedSchema(TEMPERAMENT_CODES);
export const rankedFunctionalPairSchema = rankedSchema(FUNCTIONAL_PAIR_CODES);
export const dichotPrefSchema = scoreMapSchema(DICHOTOMY_LETTERS);
export const interactionStylesSchema = scoreMapSchema(INTERACTION_STYLE_CODES);

/**
 * The Nardi part-one scores (domain.md section 2), each list ranked by score descending then
 * code, with competition ranks: 16 types (0..25), 8 functional pairs (0..50), 4 temperaments
 * (0..100); dichotomy letters 0..200; interaction styles 0..100.
 */
export const nardiScoresSchema = z.object({
  typeCodes: z.array(rankedTypeSchema).length(TYPE_CODES.length),
  functionalPairs: z.array(rankedFunctionalPairSchema).length(FUNCTIONAL_PAIR_CODES.length),
  temperaments: z.array(rankedTemperamentSchema).length(TEMPERAMENT_CODES.length),
  dichotPref: dichotPrefSchema,
  interactionStyles: interactionStylesSchema,
});
export type NardiScoresView = z.infer<typeof nardiScoresSchema>;

/** POST /api/user/nardi {pgId} answers nardiScoresSchema. */
export const nardiScoresRequestSchema = z.strictObject({ pgId: pgIdSchema });
export type NardiScoresRequest = z.infer<typeof nardiScoresRequestSchema>;

/** POST /api/user/nardi/final {pgId} answers the Nardi type (the part-four choice) and the consistency 0..10. */
export const nardiFinalRequestSchema = z.strictObject({ pgId: pgIdSchema });
export type NardiFinalRequest = z.infer<typeof nardiFinalRequestSchema>;
export const nardiFinalResponseSchema = z.object({ typeCode: z.enum(TYPE_CODES), consistency: z.number().int().min(0).max(10) });
export type NardiFinalResponse = z.infer<typeof nardiFinalResponseSchema>;

/** 409 from POST /api/user/nardi while scoring holds no part-one scores (not saved yet, or just saved and on their way). */
export const NARDI_NOT_SCORED_MESSAGE =
  'Your Nardi scores are not here yet: answer and save all 25 questions of part one. If you have just saved them, the next part opens by itself as soon as they are scored.';
/** 409 from POST /api/user/nardi/final while scoring holds no result of a completed Nardi survey. */
export const NARDI_NOT_FINAL_MESSAGE =
  'There is no Nardi result yet: finish part four of the Nardi survey by choosing the type that fits you best. If you have just done so, your result shows on your dashboard in a moment.';
