// Which remote a report belongs to, and that remote's release: the shell tells what /remotes.json
// lists (each remote's entry and paths) and what each remote's mf-manifest.json says of its build.

export interface RemoteDescription {
  /** Federation name, e.g. mf_nardi. */
  name: string;
  /** Where its mf-manifest.json is: its files are beside it. */
  entry: string;
  /** First path segments it owns, e.g. /nardi. */
  paths: readonly string[];
}

/** What a remote's mf-manifest.json says of its build (metaData.buildInfo). */
export interface RemoteBuild {
  /** The package name, e.g. @study/mf-nardi. */
  buildName: string;
  /** Its version, e.g. 0.2.0. */
  buildVersion: string;
}

interface KnownRemote {
  base: string | undefined;
  paths: readonly string[];
  release: string | undefined;
}

const known = new Map<string, KnownRemote>();

/** The release name of a build, as `npm run release` tags it: <package name>@<version>. */
export const releaseName = (build: RemoteBuild): string => `${build.buildName}@${build.buildVersion}`;

function baseOf(entry: string, pageUrl: string): string | undefined {
  try {
    return new URL('.', new URL(entry, pageUrl)).href;
  } catch {
    return undefined;
  }
}

/** The remotes of /remotes.json; a remote's release is kept when it is described again. */
export function describeRemotes(remotes: readonly RemoteDescription[], pageUrl: string): void {
  for (const remote of remotes) {
    known.set(remote.name, { base: baseOf(remote.entry, pageUrl), paths: remote.paths, release: known.get(remote.name)?.release });
  }
}

/** What a remote's manifest says of its build, as the federation runtime reads it. */
export function noteRemoteBuild(name: string, build: RemoteBuild): void {
  const remote = known.get(name) ?? { base: undefined, paths: [], release: undefined };
  known.set(name, { ...remote, release: releaseName(build) });
}

export function releaseOf(name: string): string | undefined {
  return known.get(name)?.release;
}

/** The remote whose files hold the innermost of these frames' files (absolute URLs), if any. */
export function remoteOfFiles(files: readonly string[]): string | undefined {
  for (const file of files) {
    for (const [name, remote] of known) if (remote.base && file.startsWith(remote.base)) return name;
  }
  return undefined;
}

/** The remote that owns a page address: /nardi owns /nardi and /nardi/..., not /nardi-report. */
export function remoteOfPath(pathname: string): string | undefined {
  const lower = pathname.toLowerCase();
  for (const [name, remote] of known) if (remote.paths.some((p) => lower === p.toLowerCase() || lower.startsWith(`${p.toLowerCase()}/`))) return name;
  return undefined;
}

/** Forgets every remote (tests). */
export function forgetRemotes(): void {
  known.clear();
}
