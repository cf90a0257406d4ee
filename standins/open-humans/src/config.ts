import { z } from 'zod';
import { byteSizeSetting, ConfigError, hostSetting, httpUrl, loadConfig as loadEnv, portSetting } from '@study/service-kit';

export { ConfigError };
import { DATA_SOURCES } from './members/sources';

const envSchema = z.object({
  PORT: portSetting(4201),
  HOST: hostSetting(),
  PUBLIC_URL: httpUrl
    .optional()
    .describe('the base URL browsers and the study use to reach this stand-in, e.g. http://127.0.0.1:4201'),
  CLIENT_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/)
    .describe('the OAuth2 client id registered for the study project (printable, no spaces)'),
  CLIENT_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/)
    .describe('the OAuth2 client secret of the study project (8-200 printable characters, no spaces)'),
  REDIRECT_URI: httpUrl
    .default('http://127.0.0.1:8080/return')
    .describe("the project's registered redirect URI, e.g. http://127.0.0.1:8080/return"),
  DEAUTH_WEBHOOK_URL: httpUrl
    .optional()
    .describe("the project's deauthorization webhook URL, e.g. http://127.0.0.1:8080/api/openhumans/deauthorize"),
  WEBHOOK_SECRET: z.string().min(1).optional().describe('the secret used to sign deauthorization webhooks'),
  MASTER_ACCESS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/)
    .optional()
    .describe("the project's master access token for project-wide calls (messages, remove-members, the project's member list; 16-200 printable characters, no spaces); unset = the project API that needs it answers 401"),
  MASTER_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(31_536_000)
    .default(86_400)
    .describe('master access token lifetime in seconds from start or regeneration (0-31536000; 0 = never expires)'),
  DEAUTH_TIMESTAMP_BUG: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('true or false: reproduce the platform bug where a leave without erasure sends no webhook and fails with a 500'),
  UPLOAD_MAX_BYTES: byteSizeSetting('25mb', 'the largest simple-upload request body'),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(31_536_000)
    .default(36_000)
    .describe('access token lifetime in seconds (1-31536000)'),
  PAGE_SIZE: z.coerce.number().int().min(1).max(200).default(20).describe('default page size of exchange-member and the member list (1-200)'),
  STATE_FILE: z.string().min(1).optional().describe('a writable path for the JSON state file'),
  PROJECT_NAME: z.string().min(1).max(200).default('Personality Genetics Study').describe('the project name shown on the authorize page'),
  PROJECT_ID_LABEL: z
    .string()
    .regex(/^direct-sharing-\d{1,9}$/)
    .default('direct-sharing-1000')
    .describe("the project's own source label, e.g. direct-sharing-1000"),
});

export interface StandinConfig {
  port: number;
  host: string;
  /** Base URL for links this stand-in hands out; when absent, taken from the request's Host. */
  publicUrl?: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  deauthWebhookUrl?: string;
  webhookSecret?: string;
  /** The project's master access token (project-wide calls: messages, remove-members, the project's member list). */
  masterAccessToken?: string;
  /** Master token lifetime from start or regeneration; 0 = it never expires (an admin's token_expiration_disabled). */
  masterTokenTtlSeconds: number;
  /** Start with the platform's arrow.get(None) bug in deauth_webhook switched on. */
  deauthTimestampBug: boolean;
  /** The stand-in's own limit on a simple upload's body (the platform sets none). */
  uploadMaxBytes: number;
  tokenTtlSeconds: number;
  pageSize: number;
  stateFile?: string;
  projectName: string;
  /** Source label of files the project uploads itself (never a genotype source). */
  projectIdLabel: string;
}

/**
 * Reads the stand-in's settings from the environment once. An empty variable counts as unset.
 * Every problem is listed; values are never echoed (a secret may be among them).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): StandinConfig {
  const e = loadEnv(envSchema, env);
  if (DATA_SOURCES.some((s) => s.idLabel === e.PROJECT_ID_LABEL)) {
    const taken = DATA_SOURCES.map((s) => s.idLabel).join(', ');
    throw new ConfigError([`PROJECT_ID_LABEL: not valid; expected a label other than the data sources (${taken})`]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    redirectUri: e.REDIRECT_URI,
    deauthWebhookUrl: e.DEAUTH_WEBHOOK_URL,
    webhookSecret: e.WEBHOOK_SECRET,
    masterAccessToken: e.MASTER_ACCESS_TOKEN,
    masterTokenTtlSeconds: e.MASTER_TOKEN_TTL_SECONDS,
    deauthTimestampBug: e.DEAUTH_TIMESTAMP_BUG,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    pageSize: e.PAGE_SIZE,
    stateFile: e.STATE_FILE,
    projectName: e.PROJECT_NAME,
    projectIdLabel: e.PROJECT_ID_LABEL,
  };
}
