import { z } from 'zod';
import { DEFAULT_STUDY_NAME } from '@study/contracts';

/**
 * Validators for settings that more than one deployable reads. Each carries the description a
 * ConfigError prints for a missing or bad value, so a setting is explained the same way
 * wherever it is read.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const logLevelSetting = () => z.enum(LOG_LEVELS).default('info').describe(`one of ${LOG_LEVELS.join(', ')}`);

export const portSetting = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback).describe('a TCP port number (0-65535)');

export const hostSetting = (fallback = '127.0.0.1') => z.string().min(1).default(fallback).describe('an interface address to listen on, e.g. 127.0.0.1');

/** An absolute http(s) URL (the services' and stand-ins' links to each other). */
export const httpUrl = z.url({ protocol: /^https?$/ });

const SIZE_PATTERN = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;
const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** '100kb' -> 102400 (1kb = 1024 bytes, as express's body parsers count). */
export function parseByteSize(text: string): number {
  const match = SIZE_PATTERN.exec(text.trim());
  if (!match) throw new Error(`not a size: ${text}`);
  const unit = (match[2] ?? 'b').toLowerCase();
  return Math.floor(Number(match[1]) * (SIZE_UNITS[unit] ?? 1));
}

/** A size such as 100kb or 5mb, read as a number of bytes. */
export const byteSizeSetting = (fallback: string, what: string) =>
  z.string().regex(SIZE_PATTERN).default(fallback).transform(parseByteSize).describe(`${what}, a size like 100kb or 5mb`);

export const millisecondsSetting = (fallback: number, what: string) =>
  z.coerce.number().int().min(1).max(600_000).default(fallback).describe(`${what}, in milliseconds (1-600000)`);

export type TrustProxy = boolean | number | string;

/** 'true' / 'false' / a hop count / a list of addresses or subnets (express's 'trust proxy'). */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim();
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export const trustProxySetting = (fallback: string) =>
  z
    .string()
    .regex(/^\s*[^\s].*$/)
    .default(fallback)
    .transform(parseTrustProxy)
    .describe("express 'trust proxy': true, false, a hop count, or addresses/subnets such as loopback, 10.0.0.0/8");

function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** An http(s) origin without a path, read as its normalized origin (no trailing slash). */
export const httpOriginSetting = (example: string) =>
  z
    .string()
    .refine(isHttpOrigin)
    .transform((value) => new URL(value).origin)
    .describe(`an http(s) origin without a path, e.g. ${example}`);

/** An origin that has a default (the embedded stack's address). */
export const httpOriginWithDefaultSetting = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine(isHttpOrigin)
    .transform((value) => new URL(value).origin)
    .describe(`an http(s) origin without a path, e.g. ${fallback}`);

/** A path on this origin, or an absolute http(s) URL on another one. */
export const pathOrHttpUrlSetting = (fallback: string, example: string) =>
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
    .describe(`a path on this origin such as ${example}, or an absolute http(s) URL`);

/** CSP keywords, which a policy writes in single quotes. */
const CSP_KEYWORDS = new Set(['self', 'none', 'unsafe-inline', 'unsafe-eval', 'strict-dynamic', 'unsafe-hashes', 'wasm-unsafe-eval']);

/** CSP sources: 'self', 'none', scheme or host sources, separated by spaces or commas. */
export const cspSourcesSetting = (fallback: string) =>
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
 * An absolute https URL (http only for a local address) without credentials, at most 2000
 * characters: a page the site embeds or links to. Optional.
 */
export const publicHttpsUrlSetting = (description: string) =>
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
    .describe(description);

/** An email address (a mailbox shown to people and used in mailto: links). */
export const emailAddressSetting = (description: string) =>
  z
    .string()
    .max(254)
    .regex(/^[^\s@<>"'()]+@[^\s@<>"'()]+\.[^\s@<>"'()]+$/)
    .describe(description);

/**
 * MBTI_UPLOAD_LIMIT, read by the gateway (the body it forwards) and by svc-participants (the
 * body it parses): one setting with one default, so the two never disagree.
 */
export const mbtiUploadLimitSetting = () => byteSizeSetting('5mb', 'the largest body for POST /api/user/mbti');

/**
 * STUDY_NAME, read by the gateway (published to the frontends in /config.js) and by svc-reports
 * (the final report PDF): one setting, so the header, the tab titles and the PDF never disagree.
 */
export const studyNameSetting = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(80)
    .default(DEFAULT_STUDY_NAME)
    .describe(`the study's name shown on the site and in reports (1-80 characters), e.g. ${DEFAULT_STUDY_NAME}`);
