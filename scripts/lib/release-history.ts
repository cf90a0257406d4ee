// Which commit each released version of each deployable was built from, committed in
// deploy/release-history.json, so any clone can rebuild an earlier release (the version-skew tests
// build the previous release of a remote or of the shell). Git tags say the same thing
// (`@study/mf-nardi@0.2.0`) but do not travel with every clone; this file does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const HISTORY_FILE = path.join('deploy', 'release-history.json');

export interface Release {
  version: string;
  /** The commit the release was built from. */
  commit: string;
  /** ISO 8601. */
  releasedAt: string;
}

/** Each deployable's folder, with its releases in the order they were made. */
export type ReleaseHistory = Record<string, Release[]>;

/** What a deployable's package.json says of itself. */
export interface DeployablePackage {
  name: string;
  version: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON of deploy/release-history.json, checked entry by entry. */
export function parseHistory(json: unknown, source = HISTORY_FILE): ReleaseHistory {
  if (!isRecord(json)) throw new Error(`${source} is not an object of folders.`);
  const history: ReleaseHistory = {};
  for (const [folder, releases] of Object.entries(json)) {
    if (!Array.isArray(releases)) throw new Error(`${source}: ${folder} holds no list of releases.`);
    history[folder] = releases.map((release: unknown, i) => {
      if (!isRecord(release) || typeof release.version !== 'string' || typeof release.commit !== 'string' || typeof release.releasedAt !== 'string') {
        throw new Error(`${source}: release ${i} of ${folder} needs a version, commit and releasedAt.`);
      }
      return { version: release.version, commit: release.commit, releasedAt: release.releasedAt };
    });
  }
  return history;
}

export function readHistory(root: string): ReleaseHistory {
  const file = path.join(root, HISTORY_FILE);
  return fs.existsSync(file) ? parseHistory(JSON.parse(fs.readFileSync(file, 'utf8'))) : {};
}

function writeHistory(root: string, history: ReleaseHistory): void {
  fs.writeFileSync(path.join(root, HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
}

interface ParsedVersion {
  parts: number[];
  pre: string | undefined;
}

function parseVersion(version: string): ParsedVersion {
  const [core = '', pre] = version.split('-', 2);
  return { parts: core.split('.').map(Number), pre };
}

/** Plain x.y.z order; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  for (let i = 0; i < 3; i++) {
    const [p = 0, q = 0] = [x.parts[i], y.parts[i]];
    if (p !== q) return p - q;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

export function packageOf(root: string, folder: string): DeployablePackage {
  const file = path.join(root, folder, 'package.json');
  if (!fs.existsSync(file)) throw new Error(`${folder} is not a deployable folder of this repository.`);
  const pkg: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isRecord(pkg) || typeof pkg.name !== 'string' || typeof pkg.version !== 'string') throw new Error(`${file} names no package and version.`);
  return { name: pkg.name, version: pkg.version };
}

/** The newest of `releases` older than `current`, or undefined. */
export function newestReleaseBefore(releases: readonly Release[], current: string): Release | undefined {
  const older = releases.filter((release) => compareVersions(release.version, current) < 0);
  return older.sort((a, b) => compareVersions(b.version, a.version))[0];
}

/** The newest recorded release of `folder` older than the version in its package.json. */
export function previousRelease(root: string, folder: string): Release {
  const current = packageOf(root, folder).version;
  const previous = newestReleaseBefore(readHistory(root)[folder] ?? [], current);
  if (!previous) throw new Error(`${folder} ${current} has no earlier release recorded in ${HISTORY_FILE}.`);
  return previous;
}

function git(root: string, args: readonly string[]): string {
  const res = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${(res.stderr || res.stdout).trim()}`);
  return res.stdout.trim();
}

export interface RecordReleaseOptions {
  /** When the release is made (the clock, unless a test sets it). */
  now?: Date;
}

export interface RecordedRelease {
  /** <package name>@<version>. */
  tag: string;
  commit: string;
  version: string;
}

/**
 * Records the version in `folder`'s package.json as released from HEAD, and tags it. Refuses a
 * working tree with uncommitted changes (the release must be exactly a commit) and a version
 * already recorded (a release is never rebuilt under the same version).
 */
export function recordRelease(root: string, folder: string, { now = new Date() }: RecordReleaseOptions = {}): RecordedRelease {
  const pkg = packageOf(root, folder);
  if (git(root, ['status', '--porcelain'])) throw new Error('The working tree has uncommitted changes: commit them first; a release is a commit.');
  const history = readHistory(root);
  const releases = history[folder] ?? [];
  if (releases.some((release) => release.version === pkg.version)) {
    throw new Error(`${folder} ${pkg.version} is released already: add a changeset and run npm run changeset:version to make the next version.`);
  }
  const commit = git(root, ['rev-parse', 'HEAD']);
  history[folder] = [...releases, { version: pkg.version, commit, releasedAt: now.toISOString() }];
  writeHistory(root, history);
  const tag = `${pkg.name}@${pkg.version}`;
  git(root, ['tag', tag, commit]);
  git(root, ['add', HISTORY_FILE]);
  git(root, ['commit', '-q', '-m', `Release ${tag}`]);
  return { tag, commit, version: pkg.version };
}
