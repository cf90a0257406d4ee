import type { RequestHandler } from 'express';
import type { RemoteConfig } from '../config';
import { NO_CACHE } from './cache-control';
import { releaseEntry } from './remote-releases';

export interface RemotesDocument {
  remotes: { name: string; entry: string; paths: string[] }[];
}

/** Each remote's entry: its live release when live.json names one, else its configured entry. */
export function remotesDocument(remotes: readonly RemoteConfig[], live: Readonly<Record<string, string>> = {}): RemotesDocument {
  return {
    remotes: remotes.map((remote) => {
      const release = live[remote.name];
      return { name: remote.name, entry: release ? releaseEntry(remote, release) : remote.entry, paths: [...remote.paths] };
    }),
  };
}

/** GET /remotes.json: where the shell finds each remote, from deployment config and live.json, never cached. */
export function remotesRoute(remotes: readonly RemoteConfig[], live: () => Readonly<Record<string, string>> = () => ({})): RequestHandler {
  let last: { live: Readonly<Record<string, string>>; body: RemotesDocument } | undefined;
  return (_req, res) => {
    const current = live();
    if (last?.live !== current) last = { live: current, body: remotesDocument(remotes, current) };
    res.setHeader('Cache-Control', NO_CACHE);
    res.json(last.body);
  };
}
