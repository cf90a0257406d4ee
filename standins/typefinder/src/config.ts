import { z } from 'zod';
import { ConfigError, hostSetting, httpUrl, loadConfig as loadEnv, portSetting } from '@study/service-kit';

export { ConfigError };

/** A CSP source: 'self', 'none', a scheme-host(-port) origin, or a wildcard host. */
const CSP_SOURCE = /^('self'|'none'|https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?)$/;

const envSchema = z.object({
  PORT: portSetting(4202),
  HOST: hostSetting(),
  PUBLIC_URL: httpUrl.optional().describe('the base URL browsers use to reach this stand-in, e.g. http://127.0.0.1:4202'),
  STUDY_WEBHOOK_URL: httpUrl
    .default('http://127.0.0.1:8080/api/typefinder/results')
    .describe("the study's TypeFinder results webhook, e.g. http://127.0.0.1:8080/api/typefinder/results"),
  WEBHOOK_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/)
    .describe("the secret shared with the study (its TYPEFINDER_WEBHOOK_SECRET): 16 to 512 printable characters without spaces"),
  FRAME_ANCESTORS: z
    .string()
    .default("'self' http://127.0.0.1:8080 http://localhost:8080")
    .refine((value) => value.trim().split(/\s+/).every((source) => CSP_SOURCE.test(source)))
    .describe("space-separated origins allowed to embed the widget in a frame, e.g. 'self' http://127.0.0.1:8080"),
});

export interface StandinConfig {
  port: number;
  host: string;
  /** Base URL of the widget as browsers see it; when absent, forms post to a relative path. */
  publicUrl?: string;
  studyWebhookUrl: string;
  webhookSecret: string;
  /** CSP frame-ancestors sources: the study's origin(s). */
  frameAncestors: string[];
}

/**
 * Reads the stand-in's settings from the environment once. An empty variable counts as unset.
 * Every problem is listed; values are never echoed (a secret may be among them).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): StandinConfig {
  const e = loadEnv(envSchema, env);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    studyWebhookUrl: e.STUDY_WEBHOOK_URL,
    webhookSecret: e.WEBHOOK_SECRET,
    frameAncestors: e.FRAME_ANCESTORS.trim().split(/\s+/),
  };
}
