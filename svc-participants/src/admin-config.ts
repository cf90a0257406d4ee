import { z } from 'zod';
import { mbtiUploadLimitSetting } from '@study/service-kit';

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * The admin tools' settings, part of svc-participants' configuration. The limits count per
 * client address and per admin route, in a window that starts with the first call.
 */
export const adminConfigShape = {
  ADMIN_FAILED_ATTEMPTS_LIMIT: positiveInt(10, 10_000).describe(
    'how many wrong master keys one address may send, over every admin route, per window before every call with the master key from it answers 429 (default 10); each is counted before it is checked',
  ),
  STAFF_SIGN_IN_ACCOUNT_LIMIT: positiveInt(5, 1_000).describe('how many failed sign-ins one staff account may take per window before it is locked for the window (default 5)'),
  STAFF_SIGN_IN_ADDRESS_LIMIT: positiveInt(20, 100_000).describe('how many failed sign-ins one client address may make, over every account, per window before it is locked (default 20)'),
  STAFF_WEBAUTHN_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe("the study's address as the browser shows it, which passkeys are bound to (its host name is the WebAuthn relying party); default the origin of OH_REDIRECT_URI"),
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
