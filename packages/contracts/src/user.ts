import { z } from 'zod';
import { consentRenewalSchema } from './consent-versions';
import { pgIdSchema } from './ids';
import { finalTypeCodeSchema } from './final-score';
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
   * by svc-participants): the download link is shown from then on.
   */
  finalReport: finalReportSchema.nullable().optional(),
  /**
   * POST /api/user only: non-null when the participant's latest consent is to an older consent
   * text; the dashboard asks them to agree to the current one before it opens.
   */
  consentRenewal: consentRenewalSchema.nullable().optional(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** POST /api/user/reset */
export const resetSurveysRequestSchema = z.strictObject({ pgId: pgIdSchema });
export type ResetSurveysRequest = z.infer<typeof resetSurveysRequestSchema>;

/** The name of the Server-Sent Events that GET /api/user/events/{pgId} streams. */
export const RESULTS_EVENT = 'results';

/**
 * What GET /api/user/events/{pgId} streams (text/event-stream, `event: results`, one JSON per
 * `data:` line): the participant's results as svc-participants holds them, sent once on connect
 * and again each time one of them is stored, so the screens learn of a result as it arrives
 * instead of asking again and again.
 */
export const participantResultsSchema = z.object({
  pgId: pgIdSchema,
  nardi: z.object({
    /** Scoring holds the scores of the saved part-one answers: POST /api/user/nardi answers them. */
    scored: z.boolean(),
    /** The completed survey's result (POST /api/user/nardi/final answers it); null before. */
    result: z.object({ typeCode: typeCodeSchema, consistency: z.number().int().min(0).max(10) }).nullable(),
  }),
  finalScore: finalScoreSchema.nullable(),
  finalReport: finalReportSchema.nullable(),
});
export type ParticipantResults = z.infer<typeof participantResultsSchema>;
