// Publishing a remote: its built dist copied, once, into <releasesRoot>/<folder>/<version>-<hash>/,
// named by the hash of every file in it, so a published release never changes and any number of
// them are served side by side (the gateway, under /mf/<name>/releases/<id>/). live.json beside
// them picks the release the shell loads for each remote; the gateway re-reads it on change, so
// moving or rolling back a remote is one line, with no rebuild. The gateway reads what this writes:
// gateway/src/static/remote-releases.ts.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const LIVE_FILE = 'live.json';
/** `<semver>-<10 hex digits of the content hash>`, e.g. 0.2.0-3f9a1c2b7e or 1.0.0-rc.1-3f9a1c2b7e (as the gateway checks it). */
const RELEASE_ID = /^(\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?)-([0-9a-f]{10})$/;

export const isReleaseId = (id: string): boolean => RELEASE_ID.test(id);

/** The version and content hash a release id is made of, or undefined when it is not one. */
export function parseReleaseId(id: string): { version: string; hash: string } | undefined {
  const match = RELEASE_ID.exec(id);
  return match?.[1] && match[2] ? { version: match[1], hash: match[2] } : undefined;
}

/** The federation name (mf_nardi) and version a remote's build says it is. */
export interface BuildDescription {
  name: string;
  version: string;
}

export interface PublishedRelease extends BuildDescription {
  /** <version>-<content hash>. */
  id: string;
  dir: string;
  /** True when the same build was published before (nothing was copied). */
  alreadyPublished: boolean;
}

/** Which release each remote (by federation name) loads; a remote not listed loads its default entry. */
export type LiveReleases = Record<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every file under dir, relative with '/', sorted: what a release holds (dotfiles, such as the build stamp, are not served). */
function listFiles(dir: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listFiles(path.join(dir, entry.name), relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

/** 10 hex digits of the SHA-256 of every file's path and bytes: equal builds get equal ids. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(dir)) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(dir, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

/** The federation name and version in the JSON of an mf-manifest.json (`source` names it in the error). */
export function parseManifest(json: unknown, source: string): BuildDescription {
  const name = isRecord(json) ? json.name : undefined;
  const metaData = isRecord(json) ? json.metaData : undefined;
  const buildInfo = isRecord(metaData) ? metaData.buildInfo : undefined;
  const version = isRecord(buildInfo) ? buildInfo.buildVersion : undefined;
  if (typeof name !== 'string' || typeof version !== 'string') throw new Error(`${source} names no remote or version.`);
  return { name, version };
}

/** What a built remote says of itself in its mf-manifest.json: federation name and version. */
export function describeBuild(distDir: string): BuildDescription {
  const manifestFile = path.join(distDir, 'mf-manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${distDir} holds no mf-manifest.json: build the remote first.`);
  return parseManifest(JSON.parse(fs.readFileSync(manifestFile, 'utf8')), manifestFile);
}

export interface PublishOptions {
  /** The remote's build. */
  distDir: string;
  releasesRoot: string;
  /** The remote's folder (mf-nardi): the releases' folder under releasesRoot. */
  folder: string;
}

/**
 * Publishes the build in distDir as <releasesRoot>/<folder>/<id>/. Publishing the same build again
 * changes nothing; the folder is written under a temporary name and renamed, so a gateway never
 * serves half a release.
 */
export function publishRelease({ distDir, releasesRoot, folder }: PublishOptions): PublishedRelease {
  const { name, version } = describeBuild(distDir);
  const id = `${version}-${contentHash(distDir)}`;
  const dir = path.join(releasesRoot, folder, id);
  if (fs.existsSync(dir)) {
    if (`${version}-${contentHash(dir)}` !== id) throw new Error(`${dir} exists but its files changed since it was published: remove it by hand and publish again.`);
    return { id, name, version, dir, alreadyPublished: true };
  }
  const staging = path.join(releasesRoot, folder, `.${id}.${process.pid}.partial`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(distDir, staging, { recursive: true, filter: (source) => !path.basename(source).startsWith('.') || source === distDir });
  fs.renameSync(staging, dir);
  return { id, name, version, dir, alreadyPublished: false };
}

/** The published releases of one remote, oldest first. */
export function listReleases(releasesRoot: string, folder: string): { id: string; publishedAt: Date }[] {
  const dir = path.join(releasesRoot, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && isReleaseId(entry.name))
    .map((entry) => ({ id: entry.name, publishedAt: fs.statSync(path.join(dir, entry.name)).mtime }))
    .sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
}

/** The JSON of live.json: federation names to release ids. */
export function parseLive(json: unknown): LiveReleases {
  if (!isRecord(json)) throw new Error(`${LIVE_FILE} must be an object such as { "mf_nardi": "0.2.0-3f9a1c2b7e" }.`);
  const live: LiveReleases = {};
  for (const [name, id] of Object.entries(json)) {
    if (typeof id !== 'string') throw new Error(`${LIVE_FILE}: ${name} must name a release id such as 0.2.0-3f9a1c2b7e.`);
    live[name] = id;
  }
  return live;
}

export function readLive(releasesRoot: string): LiveReleases {
  const file = path.join(releasesRoot, LIVE_FILE);
  return fs.existsSync(file) ? parseLive(JSON.parse(fs.readFileSync(file, 'utf8'))) : {};
}

export interface SetLiveOptions {
  releasesRoot: string;
  folder: string;
  /** The remote's federation name: its key in live.json. */
  name: string;
  /** undefined: back to the remote's default entry. */
  id: string | undefined;
}

/**
 * Makes `id` the live release of remote `name` (id undefined: back to its default entry), after
 * checking it is published. Written whole and renamed, so the gateway never reads half a file.
 */
export function setLive({ releasesRoot, folder, name, id }: SetLiveOptions): LiveReleases {
  if (id !== undefined) {
    if (!isReleaseId(id)) throw new Error(`${id} is not a release id (such as 0.2.0-3f9a1c2b7e).`);
    if (!fs.existsSync(path.join(releasesRoot, folder, id, 'mf-manifest.json'))) {
      const known = listReleases(releasesRoot, folder).map((release) => release.id);
      throw new Error(`${folder} has no published release ${id}; published: ${known.join(', ') || 'none'}.`);
    }
  }
  const live = readLive(releasesRoot);
  if (id === undefined) delete live[name];
  else live[name] = id;
  fs.mkdirSync(releasesRoot, { recursive: true });
  const file = path.join(releasesRoot, LIVE_FILE);
  const staging = `${file}.${process.pid}.partial`;
  fs.writeFileSync(staging, `${JSON.stringify(live, null, 2)}\n`);
  fs.renameSync(staging, file);
  return live;
}
