// The slice images' names, tags and size budgets, and the comparison of what a Node image holds
// with package-lock.json: what scripts/deploy/images.ts decides, without podman.
import { builtinModules } from 'node:module';
import path from 'node:path';

/** The label naming the folder an image was built from. */
export const SLICE_LABEL = 'study.slice';

export type ImageTarget = 'service' | 'frontend';

/**
 * Image size budgets, in MB (README.md): a Node image is the Debian base with Node 24 (about
 * 250 MB) and the slice's production packages; a frontend is nginx with its files.
 */
export const SIZE_BUDGET_MB: Readonly<Record<ImageTarget, number>> = { service: 330, frontend: 160 };

export const isOverBudget = (sizeBytes: number, target: ImageTarget): boolean => sizeBytes > SIZE_BUDGET_MB[target] * 1e6;

/** standins/open-humans -> standin-open-humans; every other slice keeps its folder's name. */
export const imageName = (dir: string): string => dir.replace(/^standins\//, 'standin-');

/** The tag of an image name: study/svc-scoring:2026.11.24-1 -> 2026.11.24-1. */
export const releaseOf = (image: string): string => image.slice(image.lastIndexOf(':') + 1);

/** The same image under another tag: study/svc-scoring:local -> study/svc-scoring:<release>. */
export const withRelease = (image: string, release: string): string => image.replace(/:[^:]*$/, `:${release}`);

export interface SliceImage {
  /** The slice's folder, e.g. svc-scoring or standins/open-humans. */
  dir: string;
  target: ImageTarget;
  /** study/<slice>:<release>, as docker-compose.yml names it. */
  image: string;
}

/** Every deployable's image, tagged `release` (a frontend is built for nginx, everything else for Node). */
export function sliceImages(deployables: readonly { dir: string; kind: string }[], release: string): SliceImage[] {
  return deployables.map((d) => ({ dir: d.dir, target: d.kind === 'frontend' ? 'frontend' : 'service', image: `study/${imageName(d.dir)}:${release}` }));
}

/** One package in the tree `npm ls --json --long` prints. */
export interface NpmLsNode {
  /** Where it is installed (absolute, inside the image). */
  path?: string;
  version?: string;
  dependencies?: Record<string, NpmLsNode>;
}

export interface NpmLsTree extends NpmLsNode {
  problems?: string[];
}

/** One entry of package-lock.json's `packages`: a link for a workspace package. */
export interface LockedPackage {
  version?: string;
  link?: boolean;
  resolved?: string;
}

export interface Lockfile {
  packages: Record<string, LockedPackage>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function toNpmLsNode(value: unknown): NpmLsNode {
  if (!isRecord(value)) return {};
  const node: NpmLsNode = { path: optionalString(value.path), version: optionalString(value.version) };
  if (isRecord(value.dependencies)) node.dependencies = Object.fromEntries(Object.entries(value.dependencies).map(([name, dep]) => [name, toNpmLsNode(dep)]));
  return node;
}

/** The JSON `npm ls --json --long` printed. */
export function parseNpmLsTree(json: unknown): NpmLsTree {
  if (!isRecord(json)) throw new Error('npm ls printed no tree.');
  const problems = Array.isArray(json.problems) ? json.problems.map(String) : undefined;
  return { ...toNpmLsNode(json), ...(problems ? { problems } : {}) };
}

/** package-lock.json's packages, read as far as the check needs them. */
export function parseLockfile(json: unknown): Lockfile {
  if (!isRecord(json) || !isRecord(json.packages)) throw new Error('package-lock.json has no packages (lockfileVersion 2 or newer is needed).');
  const packages: Record<string, LockedPackage> = {};
  for (const [where, entry] of Object.entries(json.packages)) {
    if (!isRecord(entry)) continue;
    packages[where] = { version: optionalString(entry.version), link: entry.link === true, resolved: optionalString(entry.resolved) };
  }
  return { packages };
}

export interface LockfileComparison {
  /** Each difference, and each problem npm ls reported. */
  problems: string[];
  /** How many installed folders were compared. */
  checked: number;
}

/**
 * Compares every package of an `npm ls --omit=dev --all` tree taken in an image whose app sits at
 * `appDir` with the version package-lock.json pins at the same place.
 */
export function compareWithLockfile(tree: NpmLsTree, lock: Lockfile, appDir = '/app'): LockfileComparison {
  const problems = [...(tree.problems ?? [])];
  const seen = new Set<string>();
  let checked = 0;
  // npm ls prints a package's dependencies at one of its places only, so every place is walked;
  // each installed folder is compared once.
  const walk = (node: NpmLsNode): void => {
    for (const dep of Object.values(node.dependencies ?? {})) {
      walk(dep);
      if (!dep.path || seen.has(dep.path)) continue;
      seen.add(dep.path);
      const where = path.posix.relative(appDir, dep.path);
      // A workspace package is a link in node_modules; its version is at the folder it links to.
      const entry = lock.packages[where];
      const locked = entry?.link ? (entry.resolved === undefined ? undefined : lock.packages[entry.resolved]) : entry;
      if (!locked) problems.push(`${where}: installed ${dep.version}, not in package-lock.json`);
      else if (locked.version !== dep.version) problems.push(`${where}: installed ${dep.version}, locked ${locked.version}`);
      checked += 1;
    }
  };
  walk(tree);
  return { problems, checked };
}

const builtins = new Set<string>(builtinModules);

/**
 * What a service's esbuild bundle (dist/main.js, CommonJS) loads from node_modules: each
 * `require("x")` and `require.resolve("x")` of a package (a subpath as written), Node's own modules
 * left out; sorted, each once. esbuild writes every external import so, with double quotes.
 */
export function bundleRequires(source: string): string[] {
  const found = new Set<string>();
  for (const [, spec = ''] of source.matchAll(/\brequire(?:\.resolve)?\("([^"]+)"\)/g)) {
    if (spec.startsWith('node:') || spec.startsWith('.') || spec.startsWith('/')) continue;
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec);
    if (!builtins.has(name)) found.add(spec);
  }
  return [...found].sort();
}
