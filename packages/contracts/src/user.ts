import { z } from 'zod';
import { pgIdSchema } from './ids';
import { surveyStateSchemaFor, typeCodeSchema } from './surveys';

/** POST /api/user */
export const userRequestSchema = z.strictObject({ pgId: pgIdSchema });
export type UserRequest = z.infer<typeof userRequestSchema>;

export const accessSchema = z.object({
  pgId: pgIdSchema,
  /** True while an access token for the data-sharing platform exists. */
  consent: z.boolean(),
  /** True once the official MBTI result has been uploaded. */
  dataReady: z.boolean(),
  snpFileUploaded: z.boolean(),
});
export type Access = z.infer<typeof accessSchema>;

export const finalScoreSchema = z.object({ typeCode: z.union([typeCodeSchema, z.literal('Inconclusive')]) });
export type FinalScore = z.infer<typeof finalScoreSchema>;

/** The answer to POST /api/user: what the dashboard needs to show one participant. */
export const userViewSchema = z.object({
  access: accessSchema,
  selfAssessment: surveyStateSchemaFor('selfAssessment'),
  nardi: surveyStateSchemaFor('nardi'),
  mbti: surveyStateSchemaFor('mbti'),
  typeFinder: surveyStateSchemaFor('typeFinder'),
  /** null until the final score has been computed. */
  finalScore: finalScoreSchema.nullable(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** POST /api/user/reset */
export const resetSurveysRequestSchema = z.strictObject({ pgId: pgIdSchema });
export type ResetSurveysRequest = z.infer<typeof resetSurveysRequestSchema>;
