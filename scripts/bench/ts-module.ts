// Loads a TypeScript module of the repository (a service's data-access class, its renderer, the
// personality rules) into the bench: bundled with esbuild as the services are built, @study/*
// packages inside, every other package required from node_modules.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);

/** Bundles `entry` (absolute path) into outDir/<name>.cjs; answers the file. */
export async function bundleTs(entry, outDir, name) {
  fs.mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `${name}.cjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@study/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  return outfile;
}

/** Bundles and requires `entry`; answers its exports. */
export async function loadTs(entry, outDir, name) {
  return require(await bundleTs(entry, outDir, name));
}
