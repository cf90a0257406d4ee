import { z } from 'zod';
import { projectMemberIdSchema } from './consent';
import { pgIdSchema } from './ids';

/**
 * Reminders (issue 13): the study team picks a step participants have been waiting at for some
 * days and sends those members an Open Humans project message. Each step is named by the
 * assessment the participant has not done yet: 'typeFinder' = consented but no TypeFinder,
 * 'nardi' = TypeFinder done but no Nardi, 'selfAssessment' = Nardi done but no self-assessment.
 */
export const reminderSteps = ['typeFinder', 'nardi', 'selfAssessment'] as const;
export const reminderStepSchema = z.enum(reminderSteps, { message: `must be one of ${reminderSteps.join(', ')}` });
export type ReminderStep = z.infer<typeof reminderStepSchema>;

/** Days a participant has been waiting at the step, at least. */
export const REMINDER_DAYS_MIN = 1;
export const REMINDER_DAYS_MAX = 365;
export const REMINDER_SUBJECT_MAX = 200;
export const REMINDER_MESSAGE_MAX = 5000;

/** What Open Humans replaces with each member's project member id in a project message. */
export const PROJECT_MEMBER_ID_PLACEHOLDER = '{{ PROJECT_MEMBER_ID }}';
/** The placeholder as the platform's template engine reads it (spaces inside the braces optional). */
const PLACEHOLDER_PATTERN = /\{\{\s*PROJECT_MEMBER_ID\s*\}\}/g;
/** Template syntax the platform would read as something else: an unknown variable renders empty, a tag fails. */
const OTHER_TEMPLATE_SYNTAX = /\{\{|\}\}|\{%|%\}|\{#|#\}/;

/** The message text as the member with this project member id receives it. */
export function renderReminderMessage(message: string, projectMemberId: string): string {
  return message.replace(PLACEHOLDER_PATTERN, projectMemberId);
}

/** True when the text uses template syntax other than the member-id placeholder. */
export function hasOtherTemplateSyntax(text: string): boolean {
  return OTHER_TEMPLATE_SYNTAX.test(text.replace(PLACEHOLDER_PATTERN, ''));
}

const days = z
  .number({ message: `must be a whole number of days from ${REMINDER_DAYS_MIN} to ${REMINDER_DAYS_MAX}` })
  .int({ message: `must be a whole number of days from ${REMINDER_DAYS_MIN} to ${REMINDER_DAYS_MAX}` })
  .min(REMINDER_DAYS_MIN, { message: `must be at least ${REMINDER_DAYS_MIN}` })
  .max(REMINDER_DAYS_MAX, { message: `must be at most ${REMINDER_DAYS_MAX}` });

const text = (what: string, max: number) =>
  z
    .string({ message: `is required: the ${what}` })
    .refine((value) => value.trim() !== '', { message: `must not be empty: write the ${what}` })
    .refine((value) => value.length <= max, { message: `must be at most ${max} characters` })
    .refine((value) => !hasOtherTemplateSyntax(value), { message: `may use ${PROJECT_MEMBER_ID_PLACEHOLDER} but no other {{ }}, {% %} or {# #} template syntax` });

/** POST /api/admin/reminders/preview (X-Master-Key): who a reminder for this step and these days would reach. */
export const reminderPreviewRequestSchema = z.strictObject({ step: reminderStepSchema, days });
export type ReminderPreviewRequest = z.infer<typeof reminderPreviewRequestSchema>;

/** POST /api/admin/reminders/send (X-Master-Key): the preview's choice plus the message. */
export const reminderSendRequestSchema = z.strictObject({
  step: reminderStepSchema,
  days,
  subject: text('subject', REMINDER_SUBJECT_MAX),
  message: text('message', REMINDER_MESSAGE_MAX),
});
export type ReminderSendRequest = z.infer<typeof reminderSendRequestSchema>;

const count = z.number().int().min(0);

export const reminderRecipientSchema = z.object({
  pgId: pgIdSchema,
  memberId: projectMemberIdSchema,
  /** When the participant reached the step. */
  waitingSince: z.iso.datetime({ offset: true }),
});
export type ReminderRecipient = z.infer<typeof reminderRecipientSchema>;

/**
 * The preview: everyone waiting at the step for at least `days` days who has not been reminded
 * for it yet (`count`), and those one send reaches (`recipients`, the longest waiting first, at
 * most `maxPerSend`); `alreadyReminded` counts those waiting as long who were reminded before.
 */
export const reminderPreviewSchema = z.object({
  step: reminderStepSchema,
  days,
  count,
  alreadyReminded: count,
  maxPerSend: z.number().int().min(1),
  recipients: z.array(reminderRecipientSchema),
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;

/** What a send did: the members Open Humans accepted the message for, and those still waiting beyond the cap. */
export const reminderSendResponseSchema = z.object({
  sendId: z.string().min(1),
  step: reminderStepSchema,
  days,
  sentAt: z.iso.datetime({ offset: true }),
  recipients: z.array(reminderRecipientSchema),
  /** Eligible participants this send did not reach (over the per-send cap): a later send reaches them. */
  remaining: count,
  /**
   * What the study team should do though the send went: the project's master token was refused
   * (it expires), so each member was sent the reminder with their own grant; why, and how to renew it.
   */
  notice: z.string().min(1).optional(),
});
export type ReminderSendResponse = z.infer<typeof reminderSendResponseSchema>;
