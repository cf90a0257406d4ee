import { z } from 'zod';
import { pgIdSchema } from './ids';
import { functionalPairCodeSchema, surveyStatusSchema, temperamentCodeSchema, typeCodeSchema } from './surveys';

/** Longest free text kept from an answer (a type code, an option key or an explanation). */
export const ANSWER_TEXT_MAX = 500;
/** Most answers any survey has: the 25 Nardi items. */
export const ANSWERS_MAX = 25;
/** Most selections a multi-choice answer can carry. */
export const SELECTIONS_MAX = 10;

const answerText = z.string().max(ANSWER_TEXT_MAX);

/** A multi-choice selection as a client sends it: a key, or a key with its explanation. Nothing else. */
export const selectionInputSchema = z.union([answerText, z.strictObject({ value: answerText, extValue: answerText.optional() })]);

/** One answer as a client sends it: the question id, the value and, where asked for, an explanation. */
export const answerInputSchema = z.strictObject({
  /** Nardi items are numbered 1..25; the self-assessment questions have string ids. */
  id: z.union([z.string().max(64), z.number().int()]),
  value: z.union([answerText, z.array(selectionInputSchema).max(SELECTIONS_MAX)]),
  extValue: answerText.optional(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

const surveyIndex = z.number().int().min(0).max(ANSWERS_MAX);
const answersInput = z.array(answerInputSchema).max(ANSWERS_MAX);

/**
 * A whole survey state as POST /api/user/survey takes it: exactly these fields, nothing else.
 * typeCode may be sent but the server sets it (the upper-cased personalityType answer of a
 * completed self-assessment, the part-four choice of a completed Nardi survey); a value that
 * differs from the server's is refused. consistency is the server's and is never sent.
 */
export const surveyInputSchema = z.discriminatedUnion('id', [
  z.strictObject({ id: z.literal('selfAssessment'), status: surveyStatusSchema, index: surveyIndex, answers: answersInput, typeCode: typeCodeSchema.optional() }),
  z.strictObject({
    id: z.literal('nardi'),
    status: surveyStatusSchema,
    index: surveyIndex,
    answers: answersInput,
    typeCode: typeCodeSchema.optional(),
    selectedTemperament: temperamentCodeSchema.optional(),
    selectedFP: functionalPairCodeSchema.optional(),
    selectedTypeCode: typeCodeSchema.optional(),
  }),
  z.strictObject({ id: z.literal('typeFinder'), status: surveyStatusSchema, index: surveyIndex, answers: answersInput, typeCode: typeCodeSchema.optional() }),
  z.strictObject({ id: z.literal('mbti'), status: surveyStatusSchema, index: surveyIndex, answers: answersInput, typeCode: typeCodeSchema.optional() }),
]);
export type SurveyInput = z.infer<typeof surveyInputSchema>;

/** POST /api/user/survey: saves one survey's whole state. Answers the participant's view (userViewSchema). */
export const saveSurveyRequestSchema = z.strictObject({ pgId: pgIdSchema, survey: surveyInputSchema });
export type SaveSurveyRequest = z.infer<typeof saveSurveyRequestSchema>;

const atLeastOneField = (patch: object) => Object.keys(patch).length > 0;
const EMPTY_PATCH = { message: 'must change at least one field' };

/** The fields of a survey POST /api/user/survey/upd may set: its status and index. */
const basicPatch = z.strictObject({ status: surveyStatusSchema.optional(), index: surveyIndex.optional() }).refine(atLeastOneField, EMPTY_PATCH);
/** The Nardi survey may also set its part two to four choices. */
const nardiPatch = z
  .strictObject({
    status: surveyStatusSchema.optional(),
    index: surveyIndex.optional(),
    selectedTemperament: temperamentCodeSchema.optional(),
    selectedFP: functionalPairCodeSchema.optional(),
    selectedTypeCode: typeCodeSchema.optional(),
  })
  .refine(atLeastOneField, EMPTY_PATCH);

/**
 * A set-style patch, nested by survey: `{ "selfAssessment": { "status": "rejected" } }` sets
 * the self-assessment's status. Only the listed fields can be set (answers are saved with
 * POST /api/user/survey); the patched survey must still follow its rules, exactly as a whole
 * save would. Dotted keys such as "selfAssessment.status" are refused, as in every body.
 */
export const surveyPatchSchema = z
  .strictObject({
    selfAssessment: basicPatch.optional(),
    nardi: nardiPatch.optional(),
    typeFinder: basicPatch.optional(),
    mbti: basicPatch.optional(),
  })
  .refine((update) => Object.values(update).some((patch) => patch !== undefined), { message: 'must name at least one survey' });
export type SurveyPatch = z.infer<typeof surveyPatchSchema>;

/** POST /api/user/survey/upd. Answers the participant's view (userViewSchema). */
export const updateSurveysRequestSchema = z.strictObject({ pgId: pgIdSchema, update: surveyPatchSchema });
export type UpdateSurveysRequest = z.infer<typeof updateSurveysRequestSchema>;
