import type { RequestHandler } from 'express';
import type { RemoteConfig } from '../config';
import { NO_CACHE } from './cache-control';

export interface RemotesDocument {
  remotes: { name: string; entry: string; paths: string[] }[];
}

export function remotesDocument(remotes: readonly RemoteConfig[]): RemotesDocument {
  return { remotes: remotes.map((remote) => ({ name: remote.name, entry: remote.entry, paths: [...remote.paths] })) };
}

/** GET /remotes.json: where the shell finds each remote, from deployment config, never cached. */
export function remotesRoute(remotes: readonly RemoteConfig[]): RequestHandler {
  const body = remotesDocument(remotes);
  return (_req, res) => {
    res.setHeader('Cache-Control', NO_CACHE);
    res.json(body);
  };
}
