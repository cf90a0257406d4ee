import { z } from 'zod';
import { pgIdSchema } from './ids';
import { typeCodeSchema } from './surveys';

/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body>` on POST /api/typefinder/results. */
export const TYPEFINDER_SIGNATURE_HEADER = 'x-typefinder-signature';
/** The header carrying the admin master key (the admin calls: MBTI upload, statistics, enrollment, download links, TypeFinder import). */
export const ADMIN_KEY_HEADER = 'x-master-key';

/** POST /api/user/tfresult without a result in the inbox for the participant's study email (product.md section 8). */
export const TYPEFINDER_NO_MATCH_MESSAGE =
  'We failed to match your Study ID in our database. Please make sure you enter your Study ID email address and retake the survey.';

/** Most rows one webhook call may carry. */
export const TYPEFINDER_WEBHOOK_MAX_ROWS = 500;

/** An email address as the inbox keys it: trimmed, lower-cased, at most 254 characters. */
export const inboxEmailSchema = z
  .string()
  .trim()
  .max(254, { message: 'must be at most 254 characters' })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'must be an email address' })
  .transform((email) => email.toLowerCase());

/** A four-letter type in any letter case, stored upper-cased. */
export const resultTypeCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(typeCodeSchema);

/** One TypeFinder result: the study email the participant used and the four-letter type found. */
export const typeFinderResultSchema = z.strictObject({ email: inboxEmailSchema, typeCode: resultTypeCodeSchema });
export type TypeFinderResult = z.output<typeof typeFinderResultSchema>;

/** POST /api/typefinder/results (signed): one result or a list of them. */
export const typeFinderWebhookBodySchema = z.union([
  typeFinderResultSchema,
  z.array(typeFinderResultSchema).min(1, { message: 'must hold at least one result' }).max(TYPEFINDER_WEBHOOK_MAX_ROWS),
]);
export type TypeFinderWebhookBody = z.input<typeof typeFinderWebhookBodySchema>;

/** The answer to the webhook: how many results were stored. */
export const typeFinderWebhookResponseSchema = z.object({ stored: z.number().int().min(0) });
export type TypeFinderWebhookResponse = z.infer<typeof typeFinderWebhookResponseSchema>;

/** A CSV row the import could not use: its line in the file (the header is line 1) and why. */
export const importRejectionSchema = z.object({ line: z.number().int().min(1), reason: z.string().min(1) });
export type ImportRejection = z.infer<typeof importRejectionSchema>;

/**
 * The answer to POST /api/typefinder/import (text/csv with the columns email,type): the data
 * rows read, the rows stored (new emails + emails whose result was replaced) and the rows refused.
 */
export const typeFinderImportResponseSchema = z.object({
  rowCount: z.number().int().min(0),
  storedCount: z.number().int().min(0),
  insertedCount: z.number().int().min(0),
  updatedCount: z.number().int().min(0),
  rejectedCount: z.number().int().min(0),
  rejected: z.array(importRejectionSchema),
});
export type TypeFinderImportResponse = z.infer<typeof typeFinderImportResponseSchema>;

/** POST /api/user/tfresult */
export const typeFinderClaimRequestSchema = z.strictObject({ pgId: pgIdSchema });
export type TypeFinderClaimRequest = z.infer<typeof typeFinderClaimRequestSchema>;
export const typeFinderClaimResponseSchema = z.object({ typeCode: typeCodeSchema });
export type TypeFinderClaimResponse = z.infer<typeof typeFinderClaimResponseSchema>;
