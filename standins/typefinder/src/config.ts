import { z } from 'zod';

/** Raised when the environment does not describe a runnable stand-in. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const httpUrl = z.url({ protocol: /^https?$/ });
/** A CSP source: 'self', 'none', a scheme-host(-port) origin, or a wildcard host. */
const CSP_SOURCE = /^('self'|'none'|https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?)$/;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4202).describe('a TCP port number (0-65535)'),
  HOST: z.string().min(1).default('127.0.0.1').describe('an interface address to listen on, e.g. 127.0.0.1'),
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
  const present: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') present[key] = value;
  }
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '(environment)');
      const field = envSchema.shape[name as keyof typeof envSchema.shape] as z.ZodType | undefined;
      const state = present[name] === undefined ? 'missing' : 'not valid';
      return `${name}: ${state}; expected ${field?.description ?? issue.message}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    studyWebhookUrl: e.STUDY_WEBHOOK_URL,
    webhookSecret: e.WEBHOOK_SECRET,
    frameAncestors: e.FRAME_ANCESTORS.trim().split(/\s+/),
  };
}
