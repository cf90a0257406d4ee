import path from 'node:path';
import express, { type Request, type Router } from 'express';
import type { RemoteConfig } from '../config';
import { sendError } from '../http-errors';
import { isApiPath } from '../routing/api-router';
import { NO_CACHE, setCacheHeaders } from './cache-control';

export interface FrontendsOptions {
  frontendRoot: string;
  remotes: readonly RemoteConfig[];
}

function staticOptions(index: string | false) {
  // A dist folder that does not exist just serves nothing: the shell shows its fallback.
  return { index, redirect: false, fallthrough: true, dotfiles: 'ignore' as const, setHeaders: setCacheHeaders };
}

function isRemotePath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === '/mf' || lower.startsWith('/mf/');
}

/** A browser navigation to an app route (/survey/abc), not a file, API call or remote asset. */
function isAppNavigation(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!(req.headers.accept ?? '').includes('text/html')) return false;
  if (isApiPath(req.path) || isRemotePath(req.path)) return false;
  const lastSegment = req.path.slice(req.path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/**
 * The built frontends: each remote's dist under /mf/<name>/, the shell's dist at /, and
 * index.html for any other app route so deep links work. Anything else is a JSON 404.
 */
export function frontends(options: FrontendsOptions): Router {
  const router = express.Router();
  for (const remote of options.remotes) {
    router.use(remote.mountPath, express.static(path.join(options.frontendRoot, remote.folder, 'dist'), staticOptions(false)));
  }
  router.use('/mf', (req, res) => sendError(req, res, 404, 'NOT_FOUND', 'This part of the app is not available.'));

  const shellDist = path.join(options.frontendRoot, 'shell', 'dist');
  router.use(express.static(shellDist, staticOptions('index.html')));

  router.use((req, res, next) => {
    if (!isAppNavigation(req)) {
      next();
      return;
    }
    // `root` keeps the dotfile check to the file name: the frontends may live under a dot folder.
    res.sendFile('index.html', { root: shellDist, headers: { 'Cache-Control': NO_CACHE } }, (err) => {
      if (err && !res.headersSent) sendError(req, res, 404, 'NOT_FOUND', 'The web app is not available on this server.');
    });
  });
  return router;
}
