// Builds of a frontend other than the one in the working tree, for the version-skew tests:
// - the previous release, rebuilt from the commit deploy/release-history.json records for it,
//   against the same installed packages (its own workspace packages, from that commit);
// - the current source, built as if its package.json declared another range for a shared
//   package (e.g. react-router-dom ^8: a remote built against a router major the shell lacks).
// Builds are kept under .test-artifacts/release-builds/ and reused while their inputs are the same.
import { spawnSync, type SpawnSyncOptionsWithStringEncoding } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { previousRelease, type Release } from './release-history';

function run(cmd: string, args: readonly string[], options: Omit<SpawnSyncOptionsWithStringEncoding, 'encoding'> = {}): string {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${`${res.stdout ?? ''}${res.stderr ?? ''}`.slice(-4000)}`);
  return res.stdout;
}

/**
 * node_modules for a copy of the repository at `dir`: every installed package is the root's,
 * except the workspace links, which point into the copy (so the copy builds with its own
 * packages/*, as that release did).
 */
function linkNodeModules(root: string, dir: string): void {
  const link = (from: string, to: string): void => {
    fs.mkdirSync(to, { recursive: true });
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.name.startsWith('@') && entry.isDirectory()) link(source, target);
      else if (entry.isSymbolicLink() && !path.isAbsolute(fs.readlinkSync(source))) fs.symlinkSync(fs.readlinkSync(source), target);
      else fs.symlinkSync(source, target);
    }
  };
  link(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
}

function webpackBuild(root: string, appDir: string): void {
  run(process.execPath, [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'], { cwd: appDir });
}

function cacheRoot(root: string): string {
  return path.join(root, '.test-artifacts', 'release-builds');
}

/** Where the build of `folder`'s release is kept: named by version and commit, so a new release never reuses an old build. */
export function previousReleaseDist(root: string, folder: string, release: Pick<Release, 'version' | 'commit'>): string {
  return path.join(cacheRoot(root), `${folder}@${release.version}-${release.commit.slice(0, 12)}`, 'dist');
}

export interface ReleaseBuild extends Release {
  /** The built files. */
  dist: string;
}

/** The previous release of frontend `folder`, built from its recorded commit. */
export function buildPreviousRelease(root: string, folder: string): ReleaseBuild {
  const release = previousRelease(root, folder);
  const dist = previousReleaseDist(root, folder, release);
  if (fs.existsSync(path.join(dist, '.complete'))) return { dist, ...release };
  const present = spawnSync('git', ['cat-file', '-e', `${release.commit}^{commit}`], { cwd: root });
  if (present.status !== 0) {
    throw new Error(`${folder} ${release.version} was built from commit ${release.commit}, which this clone does not have (a shallow clone?): run git fetch --unshallow.`);
  }
  fs.mkdirSync(cacheRoot(root), { recursive: true });
  const source = fs.mkdtempSync(path.join(cacheRoot(root), 'source-'));
  try {
    const archive = path.join(source, 'release.tar');
    run('git', ['archive', '--format=tar', `--output=${archive}`, release.commit], { cwd: root });
    run('tar', ['-xf', archive, '-C', source]);
    fs.rmSync(archive);
    linkNodeModules(root, source);
    webpackBuild(root, path.join(source, folder));
    fs.rmSync(dist, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dist), { recursive: true });
    fs.renameSync(path.join(source, folder, 'dist'), dist);
    fs.writeFileSync(path.join(dist, '.complete'), release.commit);
  } finally {
    fs.rmSync(source, { recursive: true, force: true });
  }
  return { dist, ...release };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `pkg` (a package.json's JSON) as if it declared `range` for its dependency `dependency`; the
 * rest is kept as it is. Throws when it does not depend on it.
 */
export function declaringRange(pkg: unknown, folder: string, dependency: string, range: string): Record<string, unknown> {
  if (!isRecord(pkg)) throw new Error(`${folder}/package.json is not an object.`);
  const dependencies = pkg.dependencies;
  if (!isRecord(dependencies) || !dependencies[dependency]) throw new Error(`${folder} does not depend on ${dependency}.`);
  return { ...pkg, dependencies: { ...dependencies, [dependency]: range } };
}

/**
 * Frontend `folder` from the working tree, built as if its package.json declared `range` for the
 * shared package `dependency` (the installed copy is still the one bundled).
 */
export function buildDeclaring(root: string, folder: string, dependency: string, range: string): { dist: string } {
  const pkg = declaringRange(JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8')), folder, dependency, range);
  // Inside the repository, so the copy finds node_modules and tsconfig.base.json as the original does.
  const hash = createHash('sha256').update(JSON.stringify(pkg));
  const files = ['webpack.config.js', ...fs.readdirSync(path.join(root, folder, 'src'), { recursive: true, encoding: 'utf8' }).map((f) => path.join('src', f))];
  for (const file of files.sort()) {
    const full = path.join(root, folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const appDir = path.join(cacheRoot(root), `${folder}-declaring-${hash.digest('hex').slice(0, 12)}`);
  const dist = path.join(appDir, 'dist');
  if (fs.existsSync(path.join(dist, '.complete'))) return { dist };
  fs.rmSync(appDir, { recursive: true, force: true });
  fs.mkdirSync(appDir, { recursive: true });
  fs.cpSync(path.join(root, folder, 'src'), path.join(appDir, 'src'), { recursive: true });
  fs.copyFileSync(path.join(root, folder, 'webpack.config.js'), path.join(appDir, 'webpack.config.js'));
  fs.writeFileSync(path.join(appDir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  webpackBuild(root, appDir);
  fs.writeFileSync(path.join(dist, '.complete'), range);
  return { dist };
}

export type ReleaseBuildCommand =
  | { kind: 'previous'; folder: string; releasesRoot?: string }
  | { kind: 'declaring'; folder: string; dependency: string; range: string; releasesRoot?: string };

export const RELEASE_BUILD_USAGE = 'Usage: node scripts/run.mjs scripts/release-build.ts previous <folder> | declaring <folder> <package>@<range> [--publish <releasesRoot>]';

/** The command line of scripts/release-build.ts (without node and the script); throws the usage when it is not one. */
export function parseReleaseBuildArgs(argv: readonly string[]): ReleaseBuildCommand {
  const args = [...argv];
  const publishAt = args.indexOf('--publish');
  const releasesRoot = publishAt >= 0 ? args.splice(publishAt, 2)[1] : undefined;
  const [kind, folder, spec] = args;
  const publish = releasesRoot === undefined ? {} : { releasesRoot };
  if (kind === 'previous' && folder) return { kind, folder, ...publish };
  // The package's own name may start with @ (a scope): the range follows the last @.
  const at = spec?.lastIndexOf('@') ?? -1;
  if (kind === 'declaring' && folder && spec && at > 0) return { kind, folder, dependency: spec.slice(0, at), range: spec.slice(at + 1), ...publish };
  throw new Error(RELEASE_BUILD_USAGE);
}
