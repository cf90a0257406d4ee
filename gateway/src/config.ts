import path from 'node:path';
import { z } from 'zod';
import {
  byteSizeSetting,
  cspSourcesSetting,
  emailAddressSetting,
  hostSetting,
  httpOriginSetting,
  httpOriginWithDefaultSetting,
  loadConfig as loadEnv,
  logLevelSetting,
  mbtiUploadLimitSetting,
  millisecondsSetting,
  pathOrHttpUrlSetting,
  portSetting,
  publicHttpsUrlSetting,
  studyNameSetting,
  trustProxySetting,
  type LogLevel,
  type TrustProxy,
} from '@study/service-kit';
import { routes, type HttpMethod, type ServiceName } from '@study/contracts';
import { isSessionSecret } from '@study/participant-session';
import { GATEWAY, REMOTES, SERVICES, embeddedServiceOrigin, servedManifestPath, type RemoteTopology } from '@study/topology';
import { isDsn, parseDsn, type SentryDsn } from '@study/error-reporting/server';
import { findRepoRoot } from './repo-root';
import type { RateLimitSettings } from './security/rate-limits';

export { ConfigError } from '@study/service-kit';
export type { TrustProxy } from '@study/service-kit';

type ServiceUrlVariable = (typeof SERVICES)[number]['urlVariable'];
type RemoteEntryVariable = (typeof REMOTES)[number]['entryVariable'];
type RemoteUpstreamVariable = (typeof REMOTES)[number]['upstreamVariable'];

/** A frontend's own web server: an origin, optional. */
const frontendOrigin = () => httpOriginSetting('http://mf-consent').optional();

/** Service base URLs are origins only: request paths are forwarded unchanged, never prefixed. */
function serviceSettings() {
  const shape = {} as Record<ServiceUrlVariable, ReturnType<typeof httpOriginWithDefaultSetting>>;
  for (const service of SERVICES) shape[service.urlVariable] = httpOriginWithDefaultSetting(embeddedServiceOrigin(service));
  return shape;
}

/**
 * Each remote's manifest (a path on this origin or an absolute http(s) URL on another one) and
 * its own web server (its container in docker-compose): unset means the gateway serves that
 * frontend's dist from FRONTEND_ROOT itself. Paths are forwarded unchanged.
 */
function remoteSettings() {
  const shape = {} as Record<RemoteEntryVariable, ReturnType<typeof pathOrHttpUrlSetting>> & Record<RemoteUpstreamVariable, ReturnType<typeof frontendOrigin>>;
  for (const remote of REMOTES) {
    shape[remote.entryVariable] = pathOrHttpUrlSetting(servedManifestPath(remote), '/mf/consent/mf-manifest.json');
    shape[remote.upstreamVariable] = frontendOrigin();
  }
  return shape;
}

/** A whole number of at least 1, with its default. */
const countSetting = (fallback: number, what: string) => z.coerce.number().int().min(1).max(10_000_000).default(fallback).describe(`${what} (a whole number, at least 1)`);

function envSchema(frontendRootDefault: string) {
  return z.object({
    PORT: portSetting(GATEWAY.embeddedPort),
    HOST: hostSetting(),
    ...serviceSettings(),
    FRONTEND_ROOT: z.string().min(1).default(frontendRootDefault).describe('a directory holding shell/dist and mf-*/dist'),
    RELEASES_ROOT: z.string().min(1).optional().describe('a directory holding published remote releases (<folder>/<id>/) and live.json; default: FRONTEND_ROOT/releases'),
    ...remoteSettings(),
    SHELL_UPSTREAM_URL: frontendOrigin(),
    FRONTEND_UPSTREAM_TIMEOUT_MS: millisecondsSetting(10_000, 'how long a frontend server may stay silent while answering'),
    LOG_LEVEL: logLevelSetting(),
    TRUST_PROXY: trustProxySetting('false'),
    BODY_LIMIT: byteSizeSetting('100kb', 'the largest request body forwarded to a service'),
    MBTI_UPLOAD_LIMIT: mbtiUploadLimitSetting(),
    TYPEFINDER_IMPORT_LIMIT: byteSizeSetting('2mb', 'the largest body for POST /api/typefinder/import'),
    UPSTREAM_CONNECT_TIMEOUT_MS: millisecondsSetting(1000, 'how long to wait for a TCP connection to a service'),
    UPSTREAM_TIMEOUT_MS: millisecondsSetting(60_000, 'how long a service may stay silent while answering'),
    UPSTREAM_IDLE_TIMEOUT_MS: millisecondsSetting(30_000, "how long an idle keep-alive connection to a service is kept (below the services' keep-alive timeout)"),
    HEALTH_TIMEOUT_MS: millisecondsSetting(1000, 'how long /healthz waits for each service'),
    BREAKER_PROBE_INTERVAL_MS: millisecondsSetting(1000, 'how often a service marked down is probed'),
    SHUTDOWN_TIMEOUT_MS: millisecondsSetting(10_000, 'how long in-flight requests may finish after SIGTERM'),
    // Prometheus' GET /metrics on a port of its own, never on the public origin; unset: not served.
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional().describe('a TCP port number (0-65535) for GET /metrics; unset: metrics are not served'),
    METRICS_HOST: hostSetting(),
    CSP_FRAME_SRC: cspSourcesSetting("'self'"),
    // The how-it-works video: an embeddable player page; its origin is added to the CSP frame-src.
    HOW_IT_WORKS_VIDEO_URL: publicHttpsUrlSetting('an https URL of an embeddable video page, e.g. https://www.youtube-nocookie.com/embed/VIDEO_ID'),
    // Required: a study that participants cannot reach is not fit to run, so the gateway refuses to start without one.
    STUDY_CONTACT_EMAIL: emailAddressSetting("the study team's contact email address, shown to participants, e.g. study-team@example.org"),
    STUDY_NAME: studyNameSetting(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/)
      .default('redis://127.0.0.1:6379')
      .describe('the Redis the rate limits are counted in (the services\' own), e.g. redis://127.0.0.1:6379'),
    RATE_LIMIT_PUBLIC_PER_MINUTE: countSetting(300, 'calls per minute from one client address to the routes anyone may call'),
    RATE_LIMIT_PARTICIPANT_PER_MINUTE: countSetting(600, "calls per minute for one participant to their routes"),
    STREAMS_PER_PARTICIPANT: countSetting(5, 'result streams one participant may hold open at once'),
    STREAMS_TOTAL: countSetting(2000, 'result streams this gateway holds open at once'),
    RATE_LIMIT_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,100}$/)
      .default('study:rate')
      .describe('where in Redis the counts are kept (letters, digits, _ . : -): the same for every gateway of one deployment'),
    // Browser error reports and the gateway's own 500s are sent to this project when set; unset: they are only logged.
    ERROR_REPORTING_DSN: z
      .string()
      .refine(isDsn)
      .optional()
      .describe('a Sentry or GlitchTip project DSN, https://<public key>@<host>/<project id> (e.g. https://0123abcd@glitchtip.example.org/3); unset: browser error reports and server errors are only logged'),
    PARTICIPANT_SESSION_SECRET: z
      .string()
      .refine(isSessionSecret)
      .describe("the secret svc-participants signs participants' sessions with (the same value): 32 to 512 printable characters without spaces"),
  });
}

/** A remote as the gateway serves it: its topology and this deployment's addresses. */
export interface RemoteConfig extends Omit<RemoteTopology, 'entryVariable' | 'upstreamVariable'> {
  /** Manifest URL the shell loads the remote from. */
  entry: string;
  /** The remote's own web server, serving its files under mountPath; unset: served from FRONTEND_ROOT. */
  upstream?: string;
}

/** A route whose body may be larger (or must be smaller) than BODY_LIMIT. */
export interface RouteBodyLimit {
  method: HttpMethod;
  /** The route's path exactly as in the route table (@study/contracts apiRoutes). */
  path: string;
  limitBytes: number;
}

/** What the gateway publishes to the browser as window.__STUDY_CONFIG__ (GET /config.js). */
export interface PublicStudyConfig {
  studyName: string;
  contactEmail: string;
  howItWorksVideoUrl?: string;
}

export interface GatewayConfig {
  port: number;
  host: string;
  services: Record<ServiceName, string>;
  frontendRoot: string;
  /** Published remote releases, served side by side, and live.json, which picks one per remote. */
  releasesRoot: string;
  /** The shell's own web server; unset: the shell is served from FRONTEND_ROOT. */
  shellUpstream?: string;
  remotes: readonly RemoteConfig[];
  /** How long a frontend's web server may stay silent while answering. */
  frontendUpstreamTimeoutMs: number;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  /** The body limit of every /api call not listed in routeBodyLimits. */
  bodyLimitBytes: number;
  routeBodyLimits: readonly RouteBodyLimit[];
  upstreamConnectTimeoutMs: number;
  upstreamTimeoutMs: number;
  /** How long an idle keep-alive connection to an upstream is kept: below the upstreams' own keep-alive timeout. */
  upstreamIdleTimeoutMs: number;
  healthTimeoutMs: number;
  breakerProbeIntervalMs: number;
  shutdownTimeoutMs: number;
  /** Where GET /metrics is served, apart from the public origin; unset: nowhere. */
  metricsPort?: number;
  metricsHost: string;
  cspFrameSrc: readonly string[];
  /** Published in /config.js; optional fields only when set. */
  publicConfig: PublicStudyConfig;
  /** Checks the participant sessions svc-participants signs. */
  participantSessionSecret: string;
  /** The Sentry or GlitchTip project browser error reports are passed on to; unset: only logged. */
  errorReportingDsn?: SentryDsn;
  redisUrl: string;
  rateLimitKeyPrefix: string;
  rateLimits: RateLimitSettings;
}

/** Reads and validates the environment once; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const vars = loadEnv(envSchema(env.FRONTEND_ROOT ? '.' : findRepoRoot()), env);
  return {
    port: vars.PORT,
    host: vars.HOST,
    services: Object.fromEntries(SERVICES.map((service) => [service.name, vars[service.urlVariable]])) as Record<ServiceName, string>,
    frontendRoot: path.resolve(vars.FRONTEND_ROOT),
    releasesRoot: path.resolve(vars.RELEASES_ROOT ?? path.join(vars.FRONTEND_ROOT, 'releases')),
    shellUpstream: vars.SHELL_UPSTREAM_URL,
    remotes: REMOTES.map(({ entryVariable, upstreamVariable, ...remote }) => ({ ...remote, entry: vars[entryVariable], upstream: vars[upstreamVariable] })),
    frontendUpstreamTimeoutMs: vars.FRONTEND_UPSTREAM_TIMEOUT_MS,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    bodyLimitBytes: vars.BODY_LIMIT,
    // The calls that carry a file: each has its own limit, looked up by route, never by scattered ifs.
    routeBodyLimits: [
      { method: routes.uploadMbti.method, path: routes.uploadMbti.path, limitBytes: vars.MBTI_UPLOAD_LIMIT },
      { method: routes.importTypeFinderResults.method, path: routes.importTypeFinderResults.path, limitBytes: vars.TYPEFINDER_IMPORT_LIMIT },
    ],
    upstreamConnectTimeoutMs: vars.UPSTREAM_CONNECT_TIMEOUT_MS,
    upstreamTimeoutMs: vars.UPSTREAM_TIMEOUT_MS,
    upstreamIdleTimeoutMs: vars.UPSTREAM_IDLE_TIMEOUT_MS,
    healthTimeoutMs: vars.HEALTH_TIMEOUT_MS,
    breakerProbeIntervalMs: vars.BREAKER_PROBE_INTERVAL_MS,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    ...(vars.METRICS_PORT !== undefined ? { metricsPort: vars.METRICS_PORT } : {}),
    metricsHost: vars.METRICS_HOST,
    cspFrameSrc: vars.CSP_FRAME_SRC,
    publicConfig: {
      studyName: vars.STUDY_NAME,
      contactEmail: vars.STUDY_CONTACT_EMAIL,
      ...(vars.HOW_IT_WORKS_VIDEO_URL ? { howItWorksVideoUrl: vars.HOW_IT_WORKS_VIDEO_URL } : {}),
    },
    participantSessionSecret: vars.PARTICIPANT_SESSION_SECRET,
    ...(vars.ERROR_REPORTING_DSN ? { errorReportingDsn: parseDsn(vars.ERROR_REPORTING_DSN) } : {}),
    redisUrl: vars.REDIS_URL,
    rateLimitKeyPrefix: vars.RATE_LIMIT_KEY_PREFIX,
    rateLimits: {
      publicPerMinute: vars.RATE_LIMIT_PUBLIC_PER_MINUTE,
      participantPerMinute: vars.RATE_LIMIT_PARTICIPANT_PER_MINUTE,
      streamsPerParticipant: vars.STREAMS_PER_PARTICIPANT,
      streamsTotal: vars.STREAMS_TOTAL,
    },
  };
}
