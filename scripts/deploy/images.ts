// `npm run deploy:images`: the base images (unless --official-bases), then every deployable's
// image from the root Containerfile, tagged as docker-compose.yml names them
// (study/<slice>:${RELEASE:-local}), then a check that each Node image holds exactly the package
// versions of package-lock.json. Prints each image's size and the time each step took.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPLOYABLES } from '../build';
import { BASE, ensureBaseImages } from './base-images';
import { ensurePodmanTools, imageLabel, imageSize, mb, podman, root, seconds } from './podman';

const SLICE_LABEL = 'study.slice';

/**
 * Image size budgets, in MB (README.md): a Node image is the Debian base with Node 24 (about
 * 250 MB) and the slice's production packages; a frontend is nginx with its files.
 */
export const SIZE_BUDGET_MB = { service: 330, frontend: 160 };

/** standins/open-humans -> standin-open-humans; every other slice keeps its folder's name. */
export const imageName = (dir) => dir.replace(/^standins\//, 'standin-');

export const SLICES = DEPLOYABLES.map((d) => ({
  dir: d.dir,
  target: d.kind === 'frontend' ? 'frontend' : 'service',
  image: `study/${imageName(d.dir)}:${process.env.RELEASE || 'local'}`,
}));

/**
 * The CA bundle npm trusts on this machine (NODE_EXTRA_CA_CERTS, else the system's), handed to
 * `npm ci` in the build so the registry is reachable where a proxy inspects TLS.
 */
function hostCaBundle() {
  const candidates = [process.env.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/ca-certificates.crt'];
  return candidates.find((file) => file && fs.existsSync(file));
}

/** The tag of an image name: study/svc-scoring:2026.11.24-1 -> 2026.11.24-1. */
const releaseOf = (image) => image.slice(image.lastIndexOf(':') + 1);

/** Builds one slice's image; `bases` are the NODE_IMAGE/NGINX_IMAGE build arguments (none: the Containerfile's). */
export async function buildSlice(slice, { bases = {}, echo = false } = {}) {
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
export async function checkLockfileVersions(image) {
  const slice = await imageLabel(image, SLICE_LABEL);
  if (!slice) throw new Error(`${image} has no ${SLICE_LABEL} label: not a slice image.`);
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  let out;
  try {
    ({ stdout: out } = await podman(['run', '--rm', '--pull=never', '--network=none', '--workdir', '/app', '--entrypoint', 'npm', image, 'ls', '--omit=dev', '--all', '--json', '--long', '-w', `./${slice}`]));
  } catch (err) {
    // npm ls exits 1 on a problem (missing, invalid, extraneous) and still prints the tree.
    if (!err.stdout) throw err;
    out = err.stdout;
  }
  const tree = JSON.parse(out);
  const problems = [...(tree.problems ?? [])];
  const seen = new Set();
  let checked = 0;
  // npm ls prints a package's dependencies at one of its places only, so every place is walked;
  // each installed folder is compared once.
  const walk = (node) => {
    for (const dep of Object.values(node.dependencies ?? {})) {
      walk(dep);
      if (!dep.path || seen.has(dep.path)) continue;
      seen.add(dep.path);
      const where = path.posix.relative('/app', dep.path);
      // A workspace package is a link in node_modules; its version is at the folder it links to.
      const entry = lock.packages[where];
      const locked = entry?.link ? lock.packages[entry.resolved] : entry;
      if (!locked) problems.push(`${where}: installed ${dep.version}, not in package-lock.json`);
      else if (locked.version !== dep.version) problems.push(`${where}: installed ${dep.version}, locked ${locked.version}`);
      checked += 1;
    }
  };
  walk(tree);
  if (problems.length > 0) throw new Error(`${image}: the installed packages differ from package-lock.json:\n  ${problems.join('\n  ')}`);
  return { checked };
}

export async function buildImages({ officialBases = false, log = console.log, echo = false } = {}) {
  const started = Date.now();
  ensurePodmanTools(log);
  let bases = {};
  if (!officialBases) {
    log('Base images (built once; rebuilt when their recipe changes):');
    const t = Date.now();
    await ensureBaseImages({ log });
    log(`Base images: ${seconds(Date.now() - t)}`);
    bases = { NODE_IMAGE: BASE.node, NGINX_IMAGE: BASE.nginx };
  }
  log('Slice images (podman build --target service|frontend --build-arg SLICE=<folder>):');
  const built = [];
  for (const slice of SLICES) {
    const { ms, size } = await buildSlice(slice, { bases, echo });
    built.push({ ...slice, ms, size });
    const over = size > SIZE_BUDGET_MB[slice.target] * 1e6;
    log(`  ${slice.image.padEnd(40)} ${mb(size).padStart(7)}  ${seconds(ms)}${over ? `  OVER the ${SIZE_BUDGET_MB[slice.target]} MB budget` : ''}`);
  }
  const oversized = built.filter((s) => s.size > SIZE_BUDGET_MB[s.target] * 1e6);
  log('Lockfile check (npm ls --omit=dev --all in each Node image against package-lock.json):');
  const failures = [];
  for (const slice of built.filter((s) => s.target === 'service')) {
    const t = Date.now();
    try {
      const { checked } = await checkLockfileVersions(slice.image);
      log(`  ${slice.image.padEnd(40)} ${String(checked).padStart(4)} packages as locked  ${seconds(Date.now() - t)}`);
    } catch (err) {
      failures.push(err.message);
      log(`  ${slice.image.padEnd(40)} DIFFERS`);
    }
  }
  log(`Done in ${seconds(Date.now() - started)}.`);
  for (const s of oversized) failures.push(`${s.image} is ${mb(s.size)}, over its budget of ${SIZE_BUDGET_MB[s.target]} MB (README.md, "Deploying with containers")`);
  if (failures.length > 0) throw new Error(failures.join('\n'));
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildImages({ officialBases: process.argv.includes('--official-bases'), echo: process.argv.includes('--verbose') }).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
