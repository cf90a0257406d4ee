import { z } from 'zod';
import { pgIdSchema } from './ids';

/**
 * POST /api/user/withdraw: the participant leaves the study from the dashboard. The study
 * removes them from its Open Humans project, then withdraws them (consent false, the Open Humans
 * tokens deleted, the data kept) or, with `erase`, erases their data in every service, exactly
 * as when they leave the project on Open Humans itself.
 */
export const withdrawRequestSchema = z.strictObject({
  pgId: pgIdSchema,
  /** true: also erase every answer and result the study holds; false: keep them, consent withdrawn. */
  erase: z.boolean({ message: 'must be true (also erase my data) or false (keep my data)' }),
});
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

/** What the study did: withdrawn (data kept), erased, or nothing new (withdrawn before, data kept). */
export const withdrawOutcomes = ['withdrawn', 'erased', 'already-withdrawn'] as const;
export type WithdrawOutcome = (typeof withdrawOutcomes)[number];

export const withdrawResponseSchema = z.object({
  outcome: z.enum(withdrawOutcomes),
  /** True when the study removed the member from its Open Humans project in this call (false: they had left it already). */
  removedFromOpenHumans: z.boolean(),
});
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;

/**
 * What the final report upload sends as the `metadata` of the file on the member's Open Humans
 * account (the platform wants tags and a description under 100 characters).
 */
export const FINAL_REPORT_UPLOAD = {
  basename: 'personality-genetics-final-report.pdf',
  tags: ['personality', 'final-report', 'pdf'],
  description: 'Personality Genetics Study: your final personality type report (PDF)',
} as const;
