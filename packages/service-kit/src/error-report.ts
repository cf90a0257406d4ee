import fs from 'node:fs';
import path from 'node:path';

/**
 * A server's own errors (a 500) are logged the way the gateway logs a browser's error report
 * (@study/error-reporting's summary): an `errorReport` naming the route template, the release
 * and a bounded stack, so one search finds both kinds by route or release.
 */

/** The frames a log line keeps of a stack: the same bound as the browser's reports. */
export const STACK_FRAME_LIMIT = 20;

const FRAME = /^\s+at /;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** No study ID (a UUID) reaches the line through an error's text, as none does through a browser's report. */
const withoutIds = (text: string): string => text.replace(UUID, ':id');

/** A stack with its message lines kept and at most `limit` frames, then how many were left out. */
export function cutStack(stack: string, limit = STACK_FRAME_LIMIT): string {
  const lines = stack.split('\n');
  const firstFrame = lines.findIndex((line) => FRAME.test(line));
  if (firstFrame === -1) return stack;
  const frames = lines.slice(firstFrame).filter((line) => FRAME.test(line));
  const kept = [...lines.slice(0, firstFrame), ...frames.slice(0, limit)];
  if (frames.length > limit) kept.push(`    ... ${frames.length - limit} more frames`);
  return kept.join('\n');
}

/** The frames of a stack, innermost first, as 'function (file:line:column)': the browser reports' form. */
function framesOf(stack: string): string[] {
  return stack
    .split('\n')
    .filter((line) => FRAME.test(line))
    .slice(0, STACK_FRAME_LIMIT)
    .map((line) => line.replace(FRAME, '').trim());
}

export interface ServerErrorReport {
  source: 'server';
  /** The route template that failed (/api/user/events/:pgId), never the path itself. */
  route: string;
  /** The failing part's release, e.g. @study/svc-scoring@0.4.0. */
  release: string;
  kind: 'unhandled';
  message: string;
  /** Innermost frame first, at most STACK_FRAME_LIMIT. */
  stack: string[];
}

export interface ServerErrorFields {
  errorReport: ServerErrorReport;
  /** The error itself for pino's serializer (type, message, stack, its own fields), its stack cut to STACK_FRAME_LIMIT frames. */
  err: unknown;
}

/** A copy of the error, of its class and with its own fields, whose message and stack hold no study ID and whose stack is cut. */
function boundedError(error: Error, message: string, stack: string | undefined): Error {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error);
  // Not enumerable, as on the original: pino's serializer reads them by name.
  for (const [key, value] of [['message', message], ['stack', stack], ['cause', error.cause]] as const) {
    if (value !== undefined) Object.defineProperty(copy, key, { value, enumerable: false, writable: true, configurable: true });
  }
  return copy;
}

/** What the log line of an unhandled error carries besides the request's own fields. */
export function serverErrorFields(error: unknown, where: { route: string; release: string }): ServerErrorFields {
  const isError = error instanceof Error;
  const message = withoutIds(isError ? error.message : String(error));
  const stack = isError && typeof error.stack === 'string' ? withoutIds(cutStack(error.stack)) : undefined;
  return {
    errorReport: { source: 'server', route: where.route, release: where.release, kind: 'unhandled', message, stack: stack ? framesOf(stack) : [] },
    err: isError ? boundedError(error, message, stack) : typeof error === 'string' ? message : error,
  };
}

function readPackage(file: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
}

/** The package.json above `start` (or in <folder>/<part>/ on the way up) that is the part's. */
function findPackage(part: string, start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    for (const file of [path.join(dir, 'package.json'), path.join(dir, part, 'package.json')]) {
      const pkg = readPackage(file);
      if (pkg && (pkg.name === `@study/${part}` || pkg.name === part) && typeof pkg.version === 'string') return `${pkg.name}@${pkg.version}`;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

const releases = new Map<string, string>();

/**
 * '<package name>@<version>' of a deployable (svc-scoring, gateway) from its package.json: found
 * above its entry script (an image's /app/<part>/dist/main.js, or <part>/src/main.ts when run from
 * the repository), or as <folder>/<part>/package.json from the working directory up (tests).
 * '@study/<part>@unknown' when none is found. Read once per part.
 */
export function packageRelease(part: string, starts: readonly string[] = [path.dirname(process.argv[1] ?? '.'), process.cwd()]): string {
  const key = [part, ...starts].join('\n');
  let release = releases.get(key);
  if (release === undefined) {
    release = starts.map((start) => findPackage(part, start)).find((found) => found !== undefined) ?? `@study/${part}@unknown`;
    releases.set(key, release);
  }
  return release;
}
