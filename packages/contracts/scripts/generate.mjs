// `npm run contracts:generate`: writes the documents made from the contracts (src/generate/generate.ts):
// packages/contracts/openapi.json, packages/contracts/asyncapi.json and the event map in README.md. The TypeScript sources are bundled
// with esbuild first, as snapshot.mjs does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageDir, '..', '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contracts-generate-'));
try {
  const outfile = path.join(outDir, 'generate.cjs');
  // Everything inside the bundle (zod included), so it runs from a temporary folder.
  await build({
    entryPoints: [path.join(packageDir, 'src/generate/generate.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
  const { generateDocuments } = createRequire(import.meta.url)(outfile);
  for (const { file, written } of generateDocuments(repoRoot)) console.info(`${file}: ${written ? 'written; commit it' : 'unchanged'}`);
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
