import fs from 'node:fs';
import path from 'node:path';

/**
 * Published releases of the remotes. Each build a team publishes is copied once into
 * <releasesRoot>/<folder>/<id>/, where id is `<version>-<content hash>` (scripts/lib/remote-releases.ts):
 * a folder never changes, so any number of releases of a remote are served side by side, under
 * /mf/<name>/releases/<id>/. The live file, <releasesRoot>/live.json, says which release the shell
 * loads for each remote ({ "mf_nardi": "0.2.0-3f9a1c2b7e" }); a remote it does not list is loaded
 * from its default entry. Changing one line of it moves (or rolls back) one remote, without a
 * rebuild or a restart: /remotes.json follows it.
 */
export const LIVE_FILE = 'live.json';
export const RELEASES_SEGMENT = 'releases';
/** `<semver>-<10 hex digits of the content hash>`, e.g. 0.2.0-3f9a1c2b7e or 1.0.0-rc.1-3f9a1c2b7e. */
export const RELEASE_ID = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?-[0-9a-f]{10}$/;

export interface ReleasedRemote {
  /** Federation name, e.g. mf_nardi: the key in live.json. */
  name: string;
  /** Folder under the releases root, e.g. mf-nardi. */
  folder: string;
  /** Where the gateway serves the remote, e.g. /mf/nardi/. */
  mountPath: string;
}

export class LiveReleasesError extends Error {
  override name = 'LiveReleasesError';
}

/** The manifest URL of a published release, as /remotes.json lists it. */
export function releaseEntry(remote: ReleasedRemote, id: string): string {
  return `${remote.mountPath}${RELEASES_SEGMENT}/${id}/mf-manifest.json`;
}

/** The folder of a published release, or undefined when the id is not a release id. */
export function releaseDir(releasesRoot: string, remote: ReleasedRemote, id: string): string | undefined {
  return RELEASE_ID.test(id) ? path.join(releasesRoot, remote.folder, id) : undefined;
}

/** Checks the live file strictly: a typo must not silently send participants to another release. */
export function parseLiveFile(json: unknown, remotes: readonly ReleasedRemote[], releasesRoot: string): Record<string, string> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new LiveReleasesError(`${LIVE_FILE} must be an object such as { "mf_nardi": "0.2.0-3f9a1c2b7e" }.`);
  }
  const live: Record<string, string> = {};
  for (const [name, id] of Object.entries(json)) {
    const remote = remotes.find((candidate) => candidate.name === name);
    if (!remote) throw new LiveReleasesError(`${LIVE_FILE}: "${name}" is not a remote; the remotes are ${remotes.map((r) => r.name).join(', ')}.`);
    const dir = typeof id === 'string' ? releaseDir(releasesRoot, remote, id) : undefined;
    if (!dir) throw new LiveReleasesError(`${LIVE_FILE}: ${name} must name a release id such as 0.2.0-3f9a1c2b7e.`);
    if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) {
      throw new LiveReleasesError(`${LIVE_FILE}: ${name} names release ${String(id)}, which is not published in ${path.join(releasesRoot, remote.folder)}.`);
    }
    live[name] = id as string;
  }
  return live;
}

export interface LiveReleasesOptions {
  releasesRoot: string;
  remotes: readonly ReleasedRemote[];
  /** How often, at most, the live file is checked for a change (only when asked). Default 200 ms. */
  revalidateMs?: number;
  /** Told when a changed live file is refused: the releases in use stay as they were. */
  onRefused?: (error: LiveReleasesError) => void;
  /** Told when a changed live file is taken. */
  onChanged?: (live: Record<string, string>) => void;
}

/**
 * The live file as it stands. Read at start (a bad file stops the gateway there, as any bad
 * setting does); afterwards re-read when it changes, and a bad edit is refused and reported while
 * the releases in use keep being served.
 */
export class LiveReleases {
  private live: Record<string, string>;
  private signature: string;
  private checkedAt = Date.now();
  private readonly file: string;
  private readonly revalidateMs: number;

  constructor(private readonly options: LiveReleasesOptions) {
    this.file = path.join(options.releasesRoot, LIVE_FILE);
    this.revalidateMs = options.revalidateMs ?? 200;
    this.signature = this.currentSignature();
    this.live = this.read();
  }

  /** Remote name → live release id, for the remotes the live file lists. */
  current(): Readonly<Record<string, string>> {
    const now = Date.now();
    if (now - this.checkedAt < this.revalidateMs) return this.live;
    this.checkedAt = now;
    const signature = this.currentSignature();
    if (signature === this.signature) return this.live;
    this.signature = signature;
    try {
      this.live = this.read();
      this.options.onChanged?.(this.live);
    } catch (error) {
      if (!(error instanceof LiveReleasesError)) throw error;
      this.options.onRefused?.(error);
    }
    return this.live;
  }

  private currentSignature(): string {
    try {
      const stat = fs.statSync(this.file);
      return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
    } catch {
      return 'absent';
    }
  }

  private read(): Record<string, string> {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new LiveReleasesError(`${this.file} cannot be read: ${(error as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new LiveReleasesError(`${this.file} is not valid JSON: ${(error as Error).message}`);
    }
    return parseLiveFile(json, this.options.remotes, this.options.releasesRoot);
  }
}
