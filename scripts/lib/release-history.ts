// Which commit each released version of each deployable was built from, committed in
// deploy/release-history.json, so any clone can rebuild an earlier release (the version-skew tests
// build the previous release of a remote or of the shell). Git tags say the same thing
// (`@study/mf-nardi@0.2.0`) but do not travel with every clone; this file does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const HISTORY_FILE = path.join('deploy', 'release-history.json');

export function readHistory(root) {
  const file = path.join(root, HISTORY_FILE);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

function writeHistory(root, history) {
  fs.writeFileSync(path.join(root, HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
}

/** Plain x.y.z order; a pre-release sorts before its release. */
export function compareVersions(a, b) {
  const parse = (v) => {
    const [core, pre] = v.split('-', 2);
    return { parts: core.split('.').map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.parts[i] !== y.parts[i]) return x.parts[i] - y.parts[i];
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

export function packageOf(root, folder) {
  const file = path.join(root, folder, 'package.json');
  if (!fs.existsSync(file)) throw new Error(`${folder} is not a deployable folder of this repository.`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The newest recorded release of `folder` older than the version in its package.json. */
export function previousRelease(root, folder) {
  const current = packageOf(root, folder).version;
  const older = (readHistory(root)[folder] ?? []).filter((release) => compareVersions(release.version, current) < 0);
  if (older.length === 0) throw new Error(`${folder} ${current} has no earlier release recorded in ${HISTORY_FILE}.`);
  return older.sort((a, b) => compareVersions(b.version, a.version))[0];
}

function git(root, args) {
  const res = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${(res.stderr || res.stdout).trim()}`);
  return res.stdout.trim();
}

/**
 * Records the version in `folder`'s package.json as released from HEAD, and tags it. Refuses a
 * working tree with uncommitted changes (the release must be exactly a commit) and a version
 * already recorded (a release is never rebuilt under the same version).
 */
export function recordRelease(root, folder, { now = new Date() } = {}) {
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
