// `npm run contracts:snapshot`: writes the JSON Schema of every HTTP body and event of the
// contracts to packages/contracts/snapshots, refusing backward-incompatible changes
// (src/snapshots/run-snapshot.ts). The TypeScript sources are bundled with esbuild first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { currentOpenApi, ensureOasdiffInstalled, publishedOpenApi } from '../../../scripts/lib/oasdiff.mjs';

/** The OpenAPI document becomes the published one when oasdiff finds no breaking change from it. */
function publishOpenApi() {
  execFileSync(ensureOasdiffInstalled(), ['breaking', publishedOpenApi, currentOpenApi, '--fail-on', 'ERR'], { stdio: 'inherit' });
  fs.copyFileSync(currentOpenApi, publishedOpenApi);
}

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contracts-snapshot-'));
try {
  const outfile = path.join(outDir, 'run-snapshot.cjs');
  // Everything inside the bundle (zod included), so it runs from a temporary folder.
  await build({
    entryPoints: [path.join(packageDir, 'src/snapshots/run-snapshot.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
  const { runSnapshot } = createRequire(import.meta.url)(outfile);
  process.exitCode = runSnapshot(path.join(packageDir, 'snapshots'));
  if (process.exitCode === 0) publishOpenApi();
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
