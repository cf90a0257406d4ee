import { z } from 'zod';
import { isDsn } from '@study/error-reporting/server';
import { hostSetting, logLevelSetting, portSetting } from './settings';

/** Raised when the environment does not describe a runnable service. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface ServiceConfigDefaults {
  /** Embedded default port, e.g. 4101. */
  port: number;
  /** Default database name, e.g. 'participants'. */
  mongoDb: string;
  /** Default durable queue name, e.g. 'svc-participants'. */
  queue: string;
  host?: string;
}

/**
 * The settings every service reads. Each field carries a description of what is expected;
 * the description is what a ConfigError prints for a missing or bad value. Extend it with
 * `.extend({...})` for a service's own settings.
 */
export function baseServiceConfig(defaults: ServiceConfigDefaults) {
  return z.object({
    PORT: portSetting(defaults.port),
    HOST: hostSetting(defaults.host),
    MONGO_URL: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\/\S+$/)
      .describe('a MongoDB connection URL, e.g. mongodb://127.0.0.1:27017/'),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default(defaults.mongoDb)
      .describe('a database name of letters, digits, _ or - (at most 63)'),
    MONGO_MAX_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(4)
      .describe(
        'the most database commands this instance has in flight at once (default 4): FerretDB 1.24 holds two PostgreSQL connections for an update and hangs for good when every connection of its pool waits for a second one, so the instances of a stack together must stay under half its pool (20 on the embedded stack); on MongoDB it may be higher',
      ),
    AMQP_URL: z
      .string()
      .regex(/^amqps?:\/\/\S+$/)
      .describe('a RabbitMQ URL, e.g. amqp://guest:guest@127.0.0.1:5672'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/)
      .describe('a Redis URL, e.g. redis://127.0.0.1:6379'),
    EVENTS_EXCHANGE: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,200}$/)
      .default('study.events')
      .describe('the topic exchange name for domain events'),
    EVENTS_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,200}$/)
      .default(defaults.queue)
      .describe("this service's durable queue name"),
    LOG_LEVEL: logLevelSetting(),
    // Log lines name participants by a keyed fingerprint, never by the study ID (the key to their data).
    LOG_FINGERPRINT_KEY: z
      .string()
      .regex(/^[\x21-\x7e]{16,512}$/)
      .describe("the key log lines' participant fingerprints are made with (16 to 512 printable characters, e.g. from `openssl rand -hex 24`); the same in every service, so one participant's lines can be followed across them"),
    // Set by the image build: which release answers, seen on /healthz, /readyz and the gateway's /healthz.
    RELEASE: z
      .string()
      .regex(/^[A-Za-z0-9_.+-]{1,64}$/)
      .optional()
      .describe('the release name of this build (letters, digits, _ . + -; at most 64)'),
    // A 500 is sent to this Sentry or GlitchTip project when set, as the gateway sends browser reports; unset: only logged.
    ERROR_REPORTING_DSN: z
      .string()
      .refine(isDsn)
      .optional()
      .describe('a Sentry or GlitchTip project DSN, https://<public key>@<host>/<project id> (e.g. https://0123abcd@glitchtip.example.org/3); unset: server errors are only logged'),
    // Behind a load balancer or the gateway's readiness checks, /readyz answers 503 for this long
    // after SIGTERM while requests are still served, so traffic moves away before the port closes.
    // At most 5 s: with the 10 s drain it stays inside the process's 20 s exit grace (main.ts).
    SHUTDOWN_NOTICE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(5_000)
      .default(0)
      .describe('how long after SIGTERM /readyz answers 503 (draining) while requests are still served, before the service takes no new ones, in ms (0-5000; default 0)'),
    // Unset: the event bus's own schedule (1 s, 5 s, 15 s, 60 s; 5 deliveries). Tests and
    // operators shorten or lengthen how long a failing event is retried before it is parked.
    EVENTS_RETRY_DELAYS_MS: z
      .string()
      .regex(/^\d{1,7}(,\d{1,7}){0,9}$/)
      .transform((list) => list.split(',').map(Number))
      .optional()
      .describe('the waits before each retry of a failing event, in ms, comma-separated (e.g. 1000,5000,15000,60000)'),
    EVENTS_MAX_ATTEMPTS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe('deliveries of a failing event (1-100) before it is parked on the dead-letter queue'),
  });
}
export type BaseServiceConfig = z.output<ReturnType<typeof baseServiceConfig>>;

function describeIssue(schema: z.ZodObject, issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = String(issue.path[0] ?? '(environment)');
  const field = schema.shape[name] as z.ZodType | undefined;
  const expected = field?.description ?? issue.message;
  // Values are never echoed: a URL may carry a password.
  const state = env[name] === undefined ? 'missing' : 'not valid';
  // A check that knows the likely mistake says so (its message is written never to hold the value).
  const hint = issue.code === 'custom' && field?.description && issue.message !== 'Invalid input' ? `; ${issue.message}` : '';
  return `${name}: ${state}; expected ${expected}${hint}`;
}

/**
 * Parses the environment once against the service's schema. An empty variable counts as
 * unset, so defaults apply. Every problem is listed, not just the first.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined> = process.env): z.output<S> {
  const present: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') present[key] = value;
  }
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = [...new Set(result.error.issues.map((issue) => describeIssue(schema, issue, present)))];
  throw new ConfigError(problems);
}

