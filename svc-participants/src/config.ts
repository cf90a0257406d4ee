import { z } from 'zod';
import { isSessionSecret } from '@study/participant-session';
import { baseServiceConfig, httpUrl, loadConfig } from '@study/service-kit';
import { MASTER_KEY_HOW_TO, MASTER_KEY_MAX_LENGTH, MASTER_KEY_MIN_LENGTH, masterKeyProblem } from '@study/staff-auth';
import { adminConfigShape } from './admin-config';
import { consentSettingsConfigShape } from './consent-settings-config';
import { parseEncryptionKey } from './data-access/token-cipher';
import { reminderConfigShape } from './reminder-config';
import { serviceConfigDefaults } from '@study/topology';

export const SERVICE_NAME = 'svc-participants';

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const participantsConfigSchema = baseServiceConfig(serviceConfigDefaults('participants')).extend({
  OH_BASE_URL: httpUrl
    .transform((url) => url.replace(/\/+$/, ''))
    .describe('the Open Humans base URL, e.g. https://www.openhumans.org (or the local stand-in, http://127.0.0.1:4201)'),
  OH_API_URL: httpUrl
    .transform((url) => url.replace(/\/+$/, ''))
    .optional()
    .describe("where this service itself calls Open Humans when that differs from OH_BASE_URL, the browsers' address (a stand-in on a container network); default OH_BASE_URL"),
  OH_CLIENT_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/)
    .describe("the study project's OAuth2 client id on Open Humans (printable, no spaces)"),
  OH_CLIENT_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/)
    .describe("the study project's OAuth2 client secret on Open Humans (printable, no spaces)"),
  OH_REDIRECT_URI: httpUrl
    .optional()
    .describe("the redirect URI registered on the Open Humans project: the study's /return URL, e.g. http://127.0.0.1:8080/return"),
  OH_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{16,64}$/)
    .describe(
      "the webhook secret set on the Open Humans project (16 to 64 printable characters without spaces, as the platform requires): deauthorization notices must be signed with it; e.g. from `openssl rand -hex 24`",
    ),
  OH_MASTER_ACCESS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/)
    .describe("the Open Humans project's master access token (from the project's page; 16 to 512 printable characters, no spaces): the study removes a participant who withdraws from the project with it"),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine((value) => parseEncryptionKey(value) !== undefined)
    .describe('a 32-byte key as 64 hex characters or base64, e.g. from `openssl rand -hex 32`'),
  STUDY_EMAIL_HOST: z
    .string()
    .regex(HOSTNAME)
    .transform((host) => host.toLowerCase())
    .describe('the host of study emails {pgId}@{host}, e.g. study.example.org'),
  // The strength check of @study/staff-auth, so a guessable key stops start-up before anything connects.
  ADMIN_MASTER_KEY: z
    .string()
    .superRefine((key, ctx) => {
      const problem = masterKeyProblem(key);
      if (problem) ctx.addIssue({ code: 'custom', message: `too weak: ${problem}` });
    })
    .describe(
      `the admin master key for admin calls (e.g. the TypeFinder CSV import): ${MASTER_KEY_MIN_LENGTH} to ${MASTER_KEY_MAX_LENGTH} random printable characters without spaces; ${MASTER_KEY_HOW_TO}`,
    ),
  TYPEFINDER_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/)
    .describe('the secret the TypeFinder provider (or its local stand-in) signs result webhooks with: 16 to 512 printable characters without spaces'),
  TYPEFINDER_WIDGET_URL: httpUrl
    .default('http://127.0.0.1:4202/widget')
    .describe('the TypeFinder widget page the dashboard embeds on /typefinder, e.g. http://127.0.0.1:4202/widget (the local stand-in)'),
  PARTICIPANT_SESSION_SECRET: z
    .string()
    .refine(isSessionSecret)
    .describe("signs participants' sessions (the gateway checks them with the same secret): 32 to 512 printable characters without spaces, e.g. from `openssl rand -hex 32`"),
  RESET_SURVEYS: z
    .enum(['0', '1'])
    .default('0')
    .transform((flag) => flag === '1')
    .describe('1 to let participants reset their surveys, 0 (default) to refuse it'),
  MEMBER_RECONCILIATION_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(168)
    .default(24)
    .describe('how often the study checks its participants against the Open Humans project member list, to find members who left without a notice reaching the study, in hours (default 24; 0 turns it off)'),
  ADMIN_ROWS_PASS_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(10)
    .describe("how often the study team's read model (a row per participant) takes in the participants written since its last pass, in seconds (default 10; 0: only when an admin page or download reads it, which always takes them in first)"),
  ...adminConfigShape,
  ...reminderConfigShape,
  ...consentSettingsConfigShape,
});
export type ParticipantsConfig = ReturnType<typeof loadParticipantsConfig>;

/** Reads and checks the environment once; throws a ConfigError naming each bad variable. */
export function loadParticipantsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(participantsConfigSchema, env);
}

/** Every secret the service holds: scrubbed from its log lines, and never stored in the audit trail. */
export function configuredSecrets(config: ParticipantsConfig): string[] {
  const secrets = [config.ADMIN_MASTER_KEY, config.TOKEN_ENCRYPTION_KEY, config.OH_CLIENT_SECRET, config.OH_WEBHOOK_SECRET, config.TYPEFINDER_WEBHOOK_SECRET, config.OH_MASTER_ACCESS_TOKEN, config.PARTICIPANT_SESSION_SECRET];
  return secrets.filter((secret): secret is string => secret !== undefined);
}
