import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig as loadEnv, studyNameSetting } from '@study/service-kit';
import type { HttpMethod, ServiceName } from '@study/contracts';
import { ADMIN_REMOTE, CONSENT_REMOTE, DASHBOARD_REMOTE, NARDI_REMOTE } from '@study/navigation';

export { ConfigError } from '@study/service-kit';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const SIZE_PATTERN = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;
const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** '100kb' -> 102400 (1kb = 1024 bytes, as express's body parsers count). */
export function parseByteSize(text: string): number {
  const match = SIZE_PATTERN.exec(text.trim());
  if (!match) throw new Error(`not a size: ${text}`);
  const unit = (match[2] ?? 'b').toLowerCase();
  return Math.floor(Number(match[1]) * (SIZE_UNITS[unit] ?? 1));
}

export type TrustProxy = boolean | number | string;

/** 'true' / 'false' / a hop count / a list of addresses or subnets (express's 'trust proxy'). */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim();
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

const size = (fallback: string, what: string) =>
  z.string().regex(SIZE_PATTERN).default(fallback).transform(parseByteSize).describe(`${what}, a size like 100kb or 5mb`);

const milliseconds = (fallback: number, what: string) =>
  z.coerce.number().int().min(1).max(600_000).default(fallback).describe(`${what}, in milliseconds (1-600000)`);

function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** Service base URLs are origins only: request paths are forwarded unchanged, never prefixed. */
const serviceOrigin = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine(isHttpOrigin)
    .transform((value) => new URL(value).origin)
    .describe('an http(s) origin without a path, e.g. http://127.0.0.1:4101');

/**
 * A frontend served by its own web server (its container in docker-compose): unset means the
 * gateway serves that frontend's dist from FRONTEND_ROOT itself. Paths are forwarded unchanged.
 */
const frontendOrigin = () =>
  z
    .string()
    .refine(isHttpOrigin)
    .transform((value) => new URL(value).origin)
    .optional()
    .describe('an http(s) origin without a path, e.g. http://mf-consent');

/** A remote's manifest: a path on this origin or an absolute http(s) URL on another one. */
const manifestUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => {
      if (value.startsWith('/') && !value.startsWith('//')) return true;
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    })
    .describe('a path on this origin such as /mf/consent/mf-manifest.json, or an absolute http(s) URL');

/** CSP sources: 'self', 'none', scheme or host sources, separated by spaces or commas. */
const CSP_KEYWORDS = new Set(['self', 'none', 'unsafe-inline', 'unsafe-eval', 'strict-dynamic', 'unsafe-hashes', 'wasm-unsafe-eval']);

const cspSources = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(/[\s,]+/).filter((source) => source !== ''))
    .refine((sources) => sources.length > 0 && sources.every((source) => /^('[a-z-]+'|[a-z][a-z0-9+.-]*:|[A-Za-z0-9*][^\s;,']*)$/.test(source)))
    // A keyword without its quotes would be read as a host name and allow nothing: the usual
    // result of a .env line CSP_FRAME_SRC='self', whose quotes compose strips.
    .refine((sources) => !sources.some((source) => CSP_KEYWORDS.has(source)), {
      message: `write CSP keywords with their single quotes ('self'); in a .env file put them in double quotes: CSP_FRAME_SRC="'self'"`,
    })
    .describe("CSP sources separated by spaces, e.g. 'self' https://www.youtube-nocookie.com");

/**
 * The how-it-works video: an absolute https URL of an embeddable player page (http only for a
 * local address), without credentials. Its origin is added to the CSP frame-src.
 */
const embeddableUrl = () =>
  z
    .string()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        if (url.username || url.password) return false;
        if (url.protocol === 'https:') return true;
        return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      } catch {
        return false;
      }
    })
    .transform((value) => new URL(value).href)
    .optional()
    .describe('an https URL of an embeddable video page, e.g. https://www.youtube-nocookie.com/embed/VIDEO_ID');

/**
 * The study team's mailbox, shown on the site and used in mailto: links. Required: a study that
 * participants cannot reach is not fit to run, so the gateway refuses to start without one.
 */
const emailAddress = () =>
  z
    .string()
    .max(254)
    .regex(/^[^\s@<>"'()]+@[^\s@<>"'()]+\.[^\s@<>"'()]+$/)
    .describe("the study team's contact email address, shown to participants, e.g. study-team@example.org");

function envSchema(frontendRootDefault: string) {
  return z.object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080).describe('a TCP port number (0-65535)'),
    HOST: z.string().min(1).default('127.0.0.1').describe('an interface address to listen on, e.g. 127.0.0.1'),
    PARTICIPANTS_URL: serviceOrigin('http://127.0.0.1:4101'),
    SCORING_URL: serviceOrigin('http://127.0.0.1:4102'),
    REPORTS_URL: serviceOrigin('http://127.0.0.1:4103'),
    FRONTEND_ROOT: z.string().min(1).default(frontendRootDefault).describe('a directory holding shell/dist and mf-*/dist'),
    RELEASES_ROOT: z.string().min(1).optional().describe('a directory holding published remote releases (<folder>/<id>/) and live.json; default: FRONTEND_ROOT/releases'),
    REMOTE_MF_CONSENT_URL: manifestUrl('/mf/consent/mf-manifest.json'),
    REMOTE_MF_DASHBOARD_URL: manifestUrl('/mf/dashboard/mf-manifest.json'),
    REMOTE_MF_NARDI_URL: manifestUrl('/mf/nardi/mf-manifest.json'),
    REMOTE_MF_ADMIN_URL: manifestUrl('/mf/admin/mf-manifest.json'),
    SHELL_UPSTREAM_URL: frontendOrigin(),
    MF_CONSENT_UPSTREAM_URL: frontendOrigin(),
    MF_DASHBOARD_UPSTREAM_URL: frontendOrigin(),
    MF_NARDI_UPSTREAM_URL: frontendOrigin(),
    MF_ADMIN_UPSTREAM_URL: frontendOrigin(),
    FRONTEND_UPSTREAM_TIMEOUT_MS: milliseconds(10_000, 'how long a frontend server may stay silent while answering'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info').describe(`one of ${LOG_LEVELS.join(', ')}`),
    TRUST_PROXY: z
      .string()
      .regex(/^\s*[^\s].*$/)
      .default('false')
      .transform(parseTrustProxy)
      .describe("express 'trust proxy': true, false, a hop count, or addresses/subnets such as loopback, 10.0.0.0/8"),
    BODY_LIMIT: size('100kb', 'the largest request body forwarded to a service'),
    MBTI_UPLOAD_LIMIT: size('5mb', 'the largest body for POST /api/user/mbti'),
    TYPEFINDER_IMPORT_LIMIT: size('2mb', 'the largest body for POST /api/typefinder/import'),
    UPSTREAM_CONNECT_TIMEOUT_MS: milliseconds(1000, 'how long to wait for a TCP connection to a service'),
    UPSTREAM_TIMEOUT_MS: milliseconds(60_000, 'how long a service may stay silent while answering'),
    UPSTREAM_IDLE_TIMEOUT_MS: milliseconds(30_000, "how long an idle keep-alive connection to a service is kept (below the services' keep-alive timeout)"),
    HEALTH_TIMEOUT_MS: milliseconds(1000, 'how long /healthz waits for each service'),
    BREAKER_PROBE_INTERVAL_MS: milliseconds(1000, 'how often a service marked down is probed'),
    SHUTDOWN_TIMEOUT_MS: milliseconds(10_000, 'how long in-flight requests may finish after SIGTERM'),
    CSP_FRAME_SRC: cspSources("'self'"),
    HOW_IT_WORKS_VIDEO_URL: embeddableUrl(),
    STUDY_CONTACT_EMAIL: emailAddress(),
    STUDY_NAME: studyNameSetting(),
  });
}

export interface RemoteConfig {
  /** Federation name, e.g. mf_consent. */
  name: string;
  /** Folder under FRONTEND_ROOT, e.g. mf-consent. */
  folder: string;
  /** Public path the gateway serves the remote's dist at, e.g. /mf/consent/. */
  mountPath: string;
  /** Manifest URL the shell loads the remote from. */
  entry: string;
  /** First path segments the remote owns in the shell's router. */
  paths: readonly string[];
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
  logLevel: (typeof LOG_LEVELS)[number];
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
  cspFrameSrc: readonly string[];
  /** Published in /config.js; optional fields only when set. */
  publicConfig: PublicStudyConfig;
}

/**
 * The repository root (the folder holding shell/ and gateway/), found upward from the running
 * script or the working directory, so the embedded stack finds every frontend's dist without
 * configuration. Falls back to the working directory.
 */
export function findRepoRoot(starts: readonly (string | undefined)[] = [typeof __dirname === 'string' ? __dirname : undefined, process.argv[1], process.cwd()]): string {
  for (const start of starts) {
    if (!start) continue;
    let dir = path.resolve(start);
    for (;;) {
      if (fs.existsSync(path.join(dir, 'shell')) && fs.existsSync(path.join(dir, 'gateway'))) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return process.cwd();
}

/** Reads and validates the environment once; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const vars = loadEnv(envSchema(env.FRONTEND_ROOT ? '.' : findRepoRoot()), env);
  return {
    port: vars.PORT,
    host: vars.HOST,
    services: { participants: vars.PARTICIPANTS_URL, scoring: vars.SCORING_URL, reports: vars.REPORTS_URL },
    frontendRoot: path.resolve(vars.FRONTEND_ROOT),
    releasesRoot: path.resolve(vars.RELEASES_ROOT ?? path.join(vars.FRONTEND_ROOT, 'releases')),
    shellUpstream: vars.SHELL_UPSTREAM_URL,
    remotes: [
      {
        name: 'mf_consent',
        folder: 'mf-consent',
        mountPath: '/mf/consent/',
        entry: vars.REMOTE_MF_CONSENT_URL,
        paths: CONSENT_REMOTE.paths,
        upstream: vars.MF_CONSENT_UPSTREAM_URL,
      },
      {
        name: 'mf_dashboard',
        folder: 'mf-dashboard',
        mountPath: '/mf/dashboard/',
        entry: vars.REMOTE_MF_DASHBOARD_URL,
        paths: DASHBOARD_REMOTE.paths,
        upstream: vars.MF_DASHBOARD_UPSTREAM_URL,
      },
      {
        name: 'mf_nardi',
        folder: 'mf-nardi',
        mountPath: '/mf/nardi/',
        entry: vars.REMOTE_MF_NARDI_URL,
        paths: NARDI_REMOTE.paths,
        upstream: vars.MF_NARDI_UPSTREAM_URL,
      },
      {
        name: 'mf_admin',
        folder: 'mf-admin',
        mountPath: '/mf/admin/',
        entry: vars.REMOTE_MF_ADMIN_URL,
        paths: ADMIN_REMOTE.paths,
        upstream: vars.MF_ADMIN_UPSTREAM_URL,
      },
    ],
    frontendUpstreamTimeoutMs: vars.FRONTEND_UPSTREAM_TIMEOUT_MS,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    bodyLimitBytes: vars.BODY_LIMIT,
    // The calls that carry a file: each has its own limit, looked up by route, never by scattered ifs.
    routeBodyLimits: [
      { method: 'POST', path: '/api/user/mbti', limitBytes: vars.MBTI_UPLOAD_LIMIT },
      { method: 'POST', path: '/api/typefinder/import', limitBytes: vars.TYPEFINDER_IMPORT_LIMIT },
    ],
    upstreamConnectTimeoutMs: vars.UPSTREAM_CONNECT_TIMEOUT_MS,
    upstreamTimeoutMs: vars.UPSTREAM_TIMEOUT_MS,
    upstreamIdleTimeoutMs: vars.UPSTREAM_IDLE_TIMEOUT_MS,
    healthTimeoutMs: vars.HEALTH_TIMEOUT_MS,
    breakerProbeIntervalMs: vars.BREAKER_PROBE_INTERVAL_MS,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    cspFrameSrc: vars.CSP_FRAME_SRC,
    publicConfig: {
      studyName: vars.STUDY_NAME,
      contactEmail: vars.STUDY_CONTACT_EMAIL,
      ...(vars.HOW_IT_WORKS_VIDEO_URL ? { howItWorksVideoUrl: vars.HOW_IT_WORKS_VIDEO_URL } : {}),
    },
  };
}
