// `npm run deploy:images`: the base images (unless --official-bases), then every deployable's
// image from the root Containerfile, tagged as docker-compose.yml names them
// (study/<slice>:${RELEASE:-local}), then a check that each Node image holds exactly the package
// versions of package-lock.json and that its bundle's requires all load. Prints each image's size
// and the time each step took.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPLOYABLES } from '../lib/deployables.cjs';
import { BASE, ensureBaseImages } from './base-images';
import { bundleRequires, compareWithLockfile, isOverBudget, parseLockfile, parseNpmLsTree, releaseOf, SIZE_BUDGET_MB, SLICE_LABEL, sliceImages, type SliceImage } from './image-facts';
import { CommandFailed, ensurePodmanTools, imageLabel, imageSize, mb, messageOf, podman, root, seconds, type Log } from './podman';

export const SLICES: readonly SliceImage[] = sliceImages(DEPLOYABLES, process.env.RELEASE || 'local');

/** The NODE_IMAGE/NGINX_IMAGE build arguments: the base images a slice is built FROM. */
export interface BaseImageArgs {
  NODE_IMAGE?: string;
  NGINX_IMAGE?: string;
}

export interface BuildSliceOptions {
  /** None: the Containerfile's own (official) bases. */
  bases?: BaseImageArgs;
  echo?: boolean;
}

export interface SliceBuild {
  ms: number;
  /** Bytes. */
  size: number;
}

/**
 * The CA bundle npm trusts on this machine (NODE_EXTRA_CA_CERTS, else the system's), handed to
 * `npm ci` in the build so the registry is reachable where a proxy inspects TLS.
 */
function hostCaBundle(): string | undefined {
  const candidates = [process.env.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/ca-certificates.crt'];
  return candidates.find((file): file is string => !!file && fs.existsSync(file));
}

/** Builds one slice's image; `bases` are the NODE_IMAGE/NGINX_IMAGE build arguments (none: the Containerfile's). */
export async function buildSlice(slice: SliceImage, { bases = {}, echo = false }: BuildSliceOptions = {}): Promise<SliceBuild> {
  const args = ['build', '--pull=never', '--layers', '-f', 'Containerfile', '--target', slice.target, '--build-arg', `SLICE=${slice.dir}`, '--build-arg', `RELEASE=${releaseOf(slice.image)}`];
  for (const [k, v] of Object.entries(bases)) args.push('--build-arg', `${k}=${v}`);
  const ca = hostCaBundle();
  if (ca) args.push('--secret', `id=ca,src=${ca}`);
  args.push('--label', `${SLICE_LABEL}=${slice.dir}`, '-t', slice.image, '.');
  const started = Date.now();
  await podman(args, { cwd: root, echo });
  return { ms: Date.now() - started, size: await imageSize(slice.image) };
}

/**
 * Compares every package installed in a Node image (npm ls --omit=dev --all inside it) with the
 * version package-lock.json pins at the same place. Throws listing each difference.
 */
export async function checkLockfileVersions(image: string): Promise<{ checked: number }> {
  const slice = await imageLabel(image, SLICE_LABEL);
  if (!slice) throw new Error(`${image} has no ${SLICE_LABEL} label: not a slice image.`);
  const lock = parseLockfile(JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')));
  let out: string;
  try {
    ({ stdout: out } = await podman(['run', '--rm', '--pull=never', '--network=none', '--workdir', '/app', '--entrypoint', 'npm', image, 'ls', '--omit=dev', '--all', '--json', '--long', '-w', `./${slice}`]));
  } catch (err) {
    // npm ls exits 1 on a problem (missing, invalid, extraneous) and still prints the tree.
    if (!(err instanceof CommandFailed) || !err.stdout) throw err;
    out = err.stdout;
  }
  const { problems, checked } = compareWithLockfile(parseNpmLsTree(JSON.parse(out)), lock);
  if (problems.length > 0) throw new Error(`${image}: the installed packages differ from package-lock.json:\n  ${problems.join('\n  ')}`);
  return { checked };
}

/**
 * Loads, inside a Node image, every package its bundle requires (dist/main.js, from the folder the
 * image starts in), as the bundle would resolve it: a package the pruned node_modules lacks fails
 * here rather than when the service starts. Throws naming each one that does not load.
 */
export async function checkBundleRequires(image: string): Promise<{ loaded: string[] }> {
  const { stdout: bundle } = await podman(['run', '--rm', '--pull=never', '--network=none', '--entrypoint', 'cat', image, 'dist/main.js']);
  const specs = bundleRequires(bundle);
  // require.resolve for a file such as swagger-ui-dist/package.json, require for a package.
  const script = [
    "const load = require('node:module').createRequire(require('node:path').resolve('dist/main.js'));",
    'const failed = [];',
    'for (const spec of JSON.parse(process.argv[1])) { try { spec.endsWith(".json") ? load.resolve(spec) : load(spec); } catch (err) { failed.push(`${spec}: ${err.message.split("\\n")[0]}`); } }',
    'if (failed.length > 0) { console.log(failed.join("\\n")); process.exit(1); }',
  ].join('\n');
  try {
    await podman(['run', '--rm', '--pull=never', '--network=none', '--entrypoint', 'node', image, '-e', script, JSON.stringify(specs)]);
  } catch (err) {
    if (err instanceof CommandFailed && err.stdout) throw new Error(`${image}: dist/main.js requires packages that do not load:\n  ${err.stdout.trim().split('\n').join('\n  ')}`);
    throw err;
  }
  return { loaded: specs };
}

export interface BuildImagesOptions {
  /** Build FROM the official images the Containerfile names instead of the local base images. */
  officialBases?: boolean;
  log?: Log;
  /** Echo podman's output. */
  echo?: boolean;
}

export type BuiltSlice = SliceImage & SliceBuild;

export async function buildImages({ officialBases = false, log = console.log, echo = false }: BuildImagesOptions = {}): Promise<BuiltSlice[]> {
  const started = Date.now();
  ensurePodmanTools(log);
  let bases: BaseImageArgs = {};
  if (!officialBases) {
    log('Base images (built once; rebuilt when their recipe changes):');
    const t = Date.now();
    await ensureBaseImages({ log });
    log(`Base images: ${seconds(Date.now() - t)}`);
    bases = { NODE_IMAGE: BASE.node, NGINX_IMAGE: BASE.nginx };
  }
  log('Slice images (podman build --target service|frontend --build-arg SLICE=<folder>):');
  const built: BuiltSlice[] = [];
  for (const slice of SLICES) {
    const { ms, size } = await buildSlice(slice, { bases, echo });
    built.push({ ...slice, ms, size });
    const over = isOverBudget(size, slice.target);
    log(`  ${slice.image.padEnd(40)} ${mb(size).padStart(7)}  ${seconds(ms)}${over ? `  OVER the ${SIZE_BUDGET_MB[slice.target]} MB budget` : ''}`);
  }
  const oversized = built.filter((s) => isOverBudget(s.size, s.target));
  log('Lockfile check (npm ls --omit=dev --all in each Node image against package-lock.json), and the bundle loading what it requires:');
  const failures: string[] = [];
  for (const slice of built.filter((s) => s.target === 'service')) {
    const t = Date.now();
    try {
      const { checked } = await checkLockfileVersions(slice.image);
      const { loaded } = await checkBundleRequires(slice.image);
      log(`  ${slice.image.padEnd(40)} ${String(checked).padStart(4)} packages as locked, ${loaded.length} required ones load  ${seconds(Date.now() - t)}`);
    } catch (err) {
      failures.push(messageOf(err));
      log(`  ${slice.image.padEnd(40)} DIFFERS`);
    }
  }
  log(`Done in ${seconds(Date.now() - started)}.`);
  for (const s of oversized) failures.push(`${s.image} is ${mb(s.size)}, over its budget of ${SIZE_BUDGET_MB[s.target]} MB (README.md, "Deploying with containers")`);
  if (failures.length > 0) throw new Error(failures.join('\n'));
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildImages({ officialBases: process.argv.includes('--official-bases'), echo: process.argv.includes('--verbose') }).catch((err: unknown) => {
    console.error(messageOf(err));
    process.exit(1);
  });
}
