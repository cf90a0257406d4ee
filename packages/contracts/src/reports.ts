import { z } from 'zod';
import { DICHOTOMY_LETTERS, FUNCTIONAL_PAIR_CODES, INTERACTION_STYLE_CODES, TEMPERAMENT_CODES, TYPE_CODES } from '@study/personality';
import { finalTypeCodeSchema } from './final-score';
import { pgIdSchema } from './ids';

/** The file name the final report downloads as (product.md section 9). */
export const FINAL_REPORT_FILENAME = 'Final Report.pdf';

/** POST /api/user/nardi/report {pgId} answers nardiReportSchema. */
export const nardiReportRequestSchema = z.strictObject({ pgId: pgIdSchema });
export type NardiReportRequest = z.infer<typeof nardiReportRequestSchema>;

const rank = z.number().int().min(1);
const score = z.number().int().min(0);
const dichotomyLetterSchema = z.object({ letter: z.enum(DICHOTOMY_LETTERS), score, percent: z.number().int().min(0).max(100) });

/**
 * The Nardi report (product.md section 2, 'Nardi report content'): the top 3 types (out of 25),
 * the four dichotomies (out of 200, with percentages), the top 2 functional pairs with the one
 * chosen in part three marked, the 4 temperaments and 4 interaction styles ranked (with display
 * names), the favourite snapshot row and the consistency (out of 10).
 */
export const nardiReportSchema = z.object({
  pgId: pgIdSchema,
  /** The Nardi survey's status: the report exists once it is completed. */
  status: z.literal('completed'),
  /** When this report was built and stored. */
  generatedAt: z.iso.datetime({ offset: true }),
  topTypes: z.array(z.object({ code: z.enum(TYPE_CODES), title: z.string(), score, outOf: z.literal(25), rank })).length(3),
  dichotomies: z
    .array(z.object({ label: z.enum(['E/I', 'S/N', 'T/F', 'J/P']), left: dichotomyLetterSchema, right: dichotomyLetterSchema, outOf: z.literal(200) }))
    .length(4),
  functionalPairs: z.array(z.object({ code: z.enum(FUNCTIONAL_PAIR_CODES), title: z.string(), score, rank, selected: z.boolean() })).length(2),
  temperaments: z.array(z.object({ code: z.enum(TEMPERAMENT_CODES), title: z.string(), score, rank })).length(4),
  interactionStyles: z.array(z.object({ code: z.enum(INTERACTION_STYLE_CODES), name: z.string(), score, rank })).length(4),
  favourite: z.object({
    typeCode: z.enum(TYPE_CODES),
    typeName: z.string(),
    temperamentCode: z.enum(TEMPERAMENT_CODES),
    temperament: z.string(),
    interactionStyleCode: z.enum(INTERACTION_STYLE_CODES),
    interactionStyle: z.string(),
  }),
  consistency: z.object({ score: z.number().int().min(0).max(10), outOf: z.literal(10) }),
});
export type NardiReportView = z.infer<typeof nardiReportSchema>;

/**
 * data of reports.report.generated.v1: a report was built and stored for the subject. For the
 * final report (the PDF of GET /api/user/report/{pgId}), `scoreVersion` is the version of the
 * final score it shows (scoring.score.finalized.v1). svc-reports publishes v2 (the same with the
 * PDF) instead; v1 is still read from a svc-reports release older than v2, during an upgrade.
 */
export const reportGeneratedDataSchema = z.object({
  report: z.literal('final'),
  scoreVersion: z.number().int().min(1),
  typeCode: finalTypeCodeSchema,
  contentType: z.literal('application/pdf'),
  byteLength: z.number().int().min(1),
  generatedAt: z.iso.datetime({ offset: true }),
});
export type ReportGeneratedData = z.infer<typeof reportGeneratedDataSchema>;

/**
 * data of reports.report.generated.v2: v1's, with the PDF itself, so the consumer that puts it on
 * the participant's Open Humans account (svc-participants, which alone holds their tokens) needs
 * no call back to svc-reports. `pdf` is the file in base64 (padded, no line breaks); `byteLength`
 * is its length in bytes and `sha256` its SHA-256 (64 lower-case hex digits), which the consumer
 * checks before using it. The event is about a third larger than the PDF (base64): a final
 * report of about 10 kB makes about 14 kB of JSON, far below what the outbox (the event as its
 * JSON text in the report document) and the broker carry. Every v2 body is a valid v1 body.
 */
export const reportGeneratedV2DataSchema = reportGeneratedDataSchema.extend({
  pdf: z.base64().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ReportGeneratedV2Data = z.infer<typeof reportGeneratedV2DataSchema>;

/** 409 from POST /api/user/nardi/report while the reports hold no result of a completed Nardi survey. */
export const NARDI_REPORT_NOT_READY_MESSAGE =
  'Your Nardi report is made once the Nardi survey is complete: finish all four parts from your dashboard. If you have just finished, open the report again in a moment.';
/** 409 from GET /api/user/report/{pgId} before the final score exists. */
export const FINAL_REPORT_NOT_READY_MESSAGE =
  'Your final report is made once your final type is known: complete the TypeFinder test, the Nardi survey and the self-assessment (or decline it) from your dashboard, where the download link appears when the report is ready.';
/** 409 (with Retry-After) from GET /api/user/report/{pgId} while the PDF of the current final score is being made. */
export const FINAL_REPORT_BEING_MADE_MESSAGE =
  'Your final report is being made from your final type: the download link appears on your dashboard as soon as it is ready, in a few seconds.';
