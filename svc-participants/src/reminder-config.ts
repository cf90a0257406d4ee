import { z } from 'zod';

/** The reminders' settings, part of svc-participants' configuration. */
export const reminderConfigShape = {
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
