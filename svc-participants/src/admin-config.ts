import { z } from 'zod';
import { mbtiUploadLimitSetting } from '@study/service-kit';

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * The admin tools' settings, part of svc-participants' configuration. The limits count per
 * client address and per admin route, in a window that starts with the first call.
 */
export const adminConfigShape = {
  ADMIN_FAILED_ATTEMPTS_LIMIT: positiveInt(10, 10_000).describe(
    'how many refused admin calls (no key, a wrong key, a bad download link) one address may make to one admin route per window before every call of it to that route answers 429 (default 10)',
  ),
  ADMIN_CALLS_LIMIT: positiveInt(120, 1_000_000).describe('how many accepted admin calls one address may make to one admin route per window before it answers 429 (default 120)'),
  ADMIN_RATE_WINDOW_SECONDS: positiveInt(900, 86_400).describe('the length of the admin rate-limit window in seconds (default 900, 15 minutes)'),
  TRUST_PROXY: z
    .string()
    .regex(/^[A-Za-z0-9.:/,\s]+$/)
    .default('loopback, uniquelocal')
    .describe(
      "the proxies (the gateway) whose X-Forwarded-For names the client address, as express's 'trust proxy' list: loopback, linklocal, uniquelocal or addresses/subnets (default: loopback, uniquelocal)",
    ),
  // The gateway reads the same setting: one definition, so both limit the upload alike.
  MBTI_UPLOAD_LIMIT: mbtiUploadLimitSetting(),
};
