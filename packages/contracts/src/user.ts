import { z } from 'zod';
import { pgIdSchema } from './ids';
import { finalTypeCodeSchema } from './final-score';
import { surveyStateSchemaFor } from './surveys';

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

/** The final score: one of the 16 types or 'Inconclusive', and when it was computed. */
export const finalScoreSchema = z.object({
  typeCode: finalTypeCodeSchema,
  /** When scoring computed it (always sent by the services). */
  computedAt: z.iso.datetime({ offset: true }).optional(),
});
export type FinalScore = z.infer<typeof finalScoreSchema>;

/** The final report PDF (GET /api/user/report/{pgId}) is stored and ready to download. */
export const finalReportSchema = z.object({ generatedAt: z.iso.datetime({ offset: true }) });
export type FinalReport = z.infer<typeof finalReportSchema>;

/** The answer to POST /api/user: what the dashboard needs to show one participant. */
export const userViewSchema = z.object({
  access: accessSchema,
  selfAssessment: surveyStateSchemaFor('selfAssessment'),
  nardi: surveyStateSchemaFor('nardi'),
  mbti: surveyStateSchemaFor('mbti'),
  typeFinder: surveyStateSchemaFor('typeFinder'),
  /** null until the final score has been computed. */
  finalScore: finalScoreSchema.nullable(),
  /**
   * null until the final report PDF for the current final score has been stored (always sent
   * by svc-participants). The report can be asked for as soon as finalScore is set: it is made
   * on demand if it is not stored yet.
   */
  finalReport: finalReportSchema.nullable().optional(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** POST /api/user/reset */
export const resetSurveysRequestSchema = z.strictObject({ pgId: pgIdSchema });
export type ResetSurveysRequest = z.infer<typeof resetSurveysRequestSchema>;
