import { z } from 'zod';
import { FUNCTIONAL_PAIR_CODES, TEMPERAMENT_CODES } from '@study/personality';

/** The four surveys a participant has state for (product.md section 3). */
export const surveyIds = ['selfAssessment', 'nardi', 'typeFinder', 'mbti'] as const;
export const surveyIdSchema = z.enum(surveyIds);
export type SurveyId = z.infer<typeof surveyIdSchema>;

/** Survey status values (product.md section 4). */
export const surveyStatuses = [
  'pending',
  'in-progress',
  'part-one',
  'part-two',
  'part-three',
  'reviewing',
  'saving',
  'completed',
  'rejected',
  'started',
] as const;
export const surveyStatusSchema = z.enum(surveyStatuses);
export type SurveyStatus = z.infer<typeof surveyStatusSchema>;

/** One of the 16 four-letter type codes. */
export const typeCodeSchema = z.string().regex(/^[EI][SN][TF][JP]$/, { message: 'must be a four-letter type code such as INTJ' });
export type TypeCode = z.infer<typeof typeCodeSchema>;

/** A multi-choice selection is a key, or a key with the free-text explanation it requires. */
export const selectionSchema = z.union([z.string(), z.object({ value: z.string(), extValue: z.string().optional() })]);

export const answerSchema = z.object({
  /** Nardi items are numbered 1..25; other questions have string ids. */
  id: z.union([z.string(), z.number().int()]),
  value: z.union([z.string(), z.array(selectionSchema)]),
  extValue: z.string().optional(),
});
export type Answer = z.infer<typeof answerSchema>;

/** Nardi parts two to four: the codes a participant can choose (domain.md section 3). */
export const temperamentCodeSchema = z.enum(TEMPERAMENT_CODES);
export const functionalPairCodeSchema = z.enum(FUNCTIONAL_PAIR_CODES);

const NARDI_ONLY_FIELDS = ['consistency', 'selectedTemperament', 'selectedFP', 'selectedTypeCode'] as const;

/**
 * One survey's state as the participant's dashboard keeps it (product.md section 3): the
 * survey id, its status, the current question index, the answers, the type code a completed
 * survey produced and, for the Nardi survey only, the consistency score and the part two to
 * four choices made so far.
 */
export const surveyStateSchema = z
  .object({
    id: surveyIdSchema,
    status: surveyStatusSchema,
    /** The current question (0-based). */
    index: z.number().int().min(0),
    answers: z.array(answerSchema),
    typeCode: typeCodeSchema.optional(),
    /** Nardi only: 0..10, shown as n/10. */
    consistency: z.number().int().min(0).max(10).optional(),
    /** Nardi only: the part-two choice. */
    selectedTemperament: temperamentCodeSchema.optional(),
    /** Nardi only: the part-three choice. */
    selectedFP: functionalPairCodeSchema.optional(),
    /** Nardi only: the part-four choice (it becomes typeCode). */
    selectedTypeCode: typeCodeSchema.optional(),
  })
  .superRefine((state, ctx) => {
    if (state.id === 'nardi') return;
    for (const field of NARDI_ONLY_FIELDS) {
      if (state[field] !== undefined) ctx.addIssue({ code: 'custom', message: 'is kept for the Nardi survey only', path: [field] });
    }
  });
export type SurveyState = z.infer<typeof surveyStateSchema>;

/** The state of one named survey: its id must be that survey's. */
export function surveyStateSchemaFor(id: SurveyId) {
  return surveyStateSchema.refine((state) => state.id === id, { message: `must be "${id}"`, path: ['id'] });
}

/** The state every survey starts in. */
export function initialSurveyState(id: SurveyId): SurveyState {
  return { id, status: 'pending', index: 0, answers: [] };
}
