import { z } from 'zod';

/** The reminders' settings, part of svc-participants' configuration. */
export const reminderConfigShape = {
  OH_MASTER_ACCESS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/)
    .optional()
    .describe("the Open Humans project's master access token (from the project's page on Open Humans; 16-200 printable characters, no spaces), which project messages are sent with; unset = reminders cannot be sent"),
  REMINDER_SEND_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(60)
    .describe('the least time between two reminder sends of the study, in seconds (default 60)'),
  REMINDER_MAX_MEMBERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(200)
    .describe('the most members one reminder send reaches, the longest waiting first (default 200); a later send reaches the rest'),
};
