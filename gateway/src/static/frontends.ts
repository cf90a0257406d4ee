import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { RemoteConfig } from '../config';
import { sendError } from '../http-errors';
import { hasDotSegment, isApiPath } from '../routing/api-router';
import { NO_CACHE, setCacheHeaders } from './cache-control';
import { StaticSite } from './file-table';
import { createFrontendUpstream, isFileRequest, type FrontendFailure, type FrontendUpstream, type FrontendUpstreamOptions } from './frontend-upstream';
import { releaseDir, RELEASES_SEGMENT } from './remote-releases';
import { sendStaticFile } from './send-file';
import { shellUnavailablePage } from './unavailable-page';

/** What every frontend web server shares: connections, deadlines, probing, logs. */
export type FrontendUpstreamSettings = Omit<FrontendUpstreamOptions, 'name' | 'origin' | 'answerFailure'>;

export interface FrontendsOptions {
  frontendRoot: string;
  /** The shell's own web server; unset: shell/dist under frontendRoot. */
  shellUpstream?: string;
  /** Each remote with an `upstream` is forwarded there; the others come from <folder>/dist under frontendRoot. */
  remotes: readonly RemoteConfig[];
  /** Published releases of the remotes, served by the gateway under /mf/<name>/releases/<id>/ whatever serves the remote. */
  releasesRoot: string;
  upstreams: FrontendUpstreamSettings;
  /** How often, at most, a served dist folder is checked for a new build. Default 200 ms. */
  revalidateMs?: number;
}

export interface Frontends {
  router: Router;
  /** Stops probing the frontend servers marked down. */
  stop(): void;
}

/** Served by the gateway itself on every deployment: never an app page. */
const GATEWAY_PATHS = new Set(['/remotes.json', '/config.js', '/healthz', '/livez']);

function staticOptions(index: string | false) {
  // A dist folder that does not exist just serves nothing: the shell shows its fallback.
  return { index, redirect: false, fallthrough: true, dotfiles: 'ignore' as const, setHeaders: setCacheHeaders };
}

function isRemotePath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === '/mf' || lower.startsWith('/mf/');
}

function isRead(req: Request): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/** A browser navigation to an app route (/survey/abc), not a file, API call or remote asset. */
function isAppNavigation(req: Request): boolean {
  if (!isRead(req)) return false;
  if (!(req.headers.accept ?? '').includes('text/html')) return false;
  if (isApiPath(req.path) || isRemotePath(req.path)) return false;
  return !isFileRequest(req.path);
}

/** What the shell's own server is asked for: its files and every app page, nothing the gateway answers itself. */
function isShellRequest(req: Request): boolean {
  const pathname = req.path;
  if (!isRead(req) || isApiPath(pathname) || isRemotePath(pathname) || hasDotSegment(pathname)) return false;
  if (GATEWAY_PATHS.has(pathname.toLowerCase())) return false;
  return pathname === '/' || isFileRequest(pathname) || isAppNavigation(req);
}

function answerRemoteFailure(req: Request, res: Response, failure: FrontendFailure): void {
  res.setHeader('Retry-After', '5');
  if (failure === 'timeout') {
    sendError(req, res, 504, 'UPSTREAM_TIMEOUT', 'This part of the app took too long to load. Please try again shortly.');
  } else {
    sendError(req, res, 503, 'SERVICE_UNAVAILABLE', 'This part of the app is not available right now. Please try again shortly.');
  }
}

/** A browser gets a small page it can show; a script gets the usual JSON error. */
function answerShellFailure(req: Request, res: Response): void {
  res.setHeader('Retry-After', '5');
  if (req.accepts(['json', 'html']) === 'html') {
    res.setHeader('Cache-Control', 'no-store');
    res.status(503).type('html').send(shellUnavailablePage(req.requestId));
    return;
  }
  sendError(req, res, 503, 'SERVICE_UNAVAILABLE', 'The web app is not available right now. Please try again shortly.');
}

function forwardWhen(matches: (req: Request) => boolean, upstream: FrontendUpstream): RequestHandler {
  return (req, res, next) => {
    if (matches(req)) upstream.forward(req, res);
    else next();
  };
}

function decodePath(encoded: string): string | undefined {
  if (!encoded.includes('%')) return encoded;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/**
 * A dist folder served from memory (see StaticSite) at `mountPath`; what is not held there
 * (source maps, a file added since the last check, anything odd) is looked up on disk by
 * express.static, which answers exactly as before.
 */
function distFolder(dir: string, mountPath: string, index: string | false, revalidateMs: number | undefined): { site: StaticSite; handler: RequestHandler } {
  const site = new StaticSite(dir, { revalidateMs });
  const disk = express.Router();
  disk.use(mountPath, express.static(dir, staticOptions(index)));
  const skip = mountPath.length;
  const handler: RequestHandler = (req, res, next) => {
    if (isRead(req)) {
      let relative = decodePath(req.path.slice(skip));
      if (relative !== undefined && index && (relative === '' || relative.endsWith('/'))) relative += index;
      const file = relative === undefined ? undefined : site.lookup(relative);
      if (file) {
        sendStaticFile(req, res, file);
        return;
      }
    }
    disk(req, res, next);
  };
  return { site, handler };
}

/**
 * /mf/<name>/releases/<id>/...: the files of one published release, held in memory once asked for
 * and cached by browsers for a year (a release folder never changes). An id that is not published
 * falls through to the 404.
 */
function releasedFiles(releasesRoot: string, remote: RemoteConfig): RequestHandler {
  const sites = new Map<string, StaticSite>();
  const prefix = `${remote.mountPath}${RELEASES_SEGMENT}/`.toLowerCase();
  return (req, res, next) => {
    if (!isRead(req) || hasDotSegment(req.path)) return next();
    const rest = decodePath(req.path.slice(prefix.length));
    const slash = rest?.indexOf('/') ?? -1;
    if (rest === undefined || slash <= 0) return next();
    const id = rest.slice(0, slash);
    const dir = releaseDir(releasesRoot, remote, id);
    if (!dir) return next();
    let site = sites.get(id);
    if (!site) {
      if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) return next();
      site = new StaticSite(dir, { immutable: true });
      sites.set(id, site);
    }
    const file = site.lookup(rest.slice(slash + 1));
    if (file) sendStaticFile(req, res, file);
    else next();
  };
}

/**
 * The frontends: each remote under /mf/<name>/ (and its published releases under
 * /mf/<name>/releases/<id>/), the shell at /, and the shell's index.html for
 * any other app route so deep links work. Each one comes either from its own web server (when
 * its upstream is configured) or from its built dist folder, held in memory. Anything else
 * is a JSON 404. One handler picks the frontend by path prefix.
 */
export function frontends(options: FrontendsOptions): Frontends {
  const upstreams: FrontendUpstream[] = [];
  const upstreamFor = (name: string, origin: string, answerFailure: FrontendUpstreamOptions['answerFailure']) => {
    const upstream = createFrontendUpstream({ ...options.upstreams, name, origin, answerFailure });
    upstreams.push(upstream);
    return upstream;
  };

  const remotes = options.remotes.map((remote) => {
    const prefix = remote.mountPath.toLowerCase();
    const releases = { prefix: `${prefix}${RELEASES_SEGMENT}/`, handler: releasedFiles(options.releasesRoot, remote) };
    if (remote.upstream) {
      const upstream = upstreamFor(remote.name, remote.upstream, answerRemoteFailure);
      return { prefix, releases, handler: forwardWhen((req) => isRead(req) && !hasDotSegment(req.path), upstream) };
    }
    const dist = path.join(options.frontendRoot, remote.folder, 'dist');
    return { prefix, releases, handler: distFolder(dist, remote.mountPath, false, options.revalidateMs).handler };
  });

  let shell: RequestHandler;
  if (options.shellUpstream) {
    shell = forwardWhen(isShellRequest, upstreamFor('shell', options.shellUpstream, answerShellFailure));
  } else {
    const { site, handler } = distFolder(path.join(options.frontendRoot, 'shell', 'dist'), '/', 'index.html', options.revalidateMs);
    const appPage: RequestHandler = (req, res, next) => {
      if (!isAppNavigation(req)) {
        next();
        return;
      }
      const page = site.lookup('index.html');
      if (page) sendStaticFile(req, res, page, NO_CACHE);
      else sendError(req, res, 404, 'NOT_FOUND', 'The web app is not available on this server.');
    };
    shell = (req, res, next) => handler(req, res, (err?: unknown) => (err ? next(err) : appPage(req, res, next)));
  }

  const router = express.Router();
  router.use((req, res, next) => {
    if (!isRemotePath(req.path)) {
      shell(req, res, next);
      return;
    }
    const lower = req.path.toLowerCase();
    const remote = remotes.find((candidate) => lower.startsWith(candidate.prefix));
    const notFound = () => sendError(req, res, 404, 'NOT_FOUND', 'This part of the app is not available.');
    if (!remote) notFound();
    else if (lower.startsWith(remote.releases.prefix)) remote.releases.handler(req, res, (err?: unknown) => (err ? next(err) : notFound()));
    else remote.handler(req, res, (err?: unknown) => (err ? next(err) : notFound()));
  });

  return {
    router,
    stop: () => {
      for (const upstream of upstreams) upstream.stop();
    },
  };
}
