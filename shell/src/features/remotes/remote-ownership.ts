import type { RemoteRoutesInfo } from './types';

/** The remote that owns a pathname: "/survey" owns "/survey" and "/survey/...", not "/surveys". */
export function findRemoteForPath<T extends RemoteRoutesInfo>(remotes: readonly T[], pathname: string): T | undefined {
  return remotes.find((remote) => remote.paths.some((p) => pathname === p || pathname.startsWith(`${p}/`)));
}
