import { z } from 'zod';

/** The media type of a Sentry envelope; browsers' fetch sends the same body as text/plain. */
export const ERROR_ENVELOPE_MEDIA_TYPE = 'application/x-sentry-envelope';

/** The most an error report may weigh: one event with a bounded stack fits many times over. */
export const ERROR_ENVELOPE_LIMIT_BYTES = 64 * 1024;

/** What POST /api/error-reports answers: the id of the event the envelope held, when it held one (as Sentry answers). */
export const errorReportReceiptSchema = z
  .object({
    id: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional(),
  })
  .strict();
export type ErrorReportReceipt = z.infer<typeof errorReportReceiptSchema>;
