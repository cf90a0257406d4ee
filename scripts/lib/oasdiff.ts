// oasdiff (github.com/oasdiff/oasdiff) finds breaking changes between two OpenAPI documents.
// `npm test` runs it between the published API (packages/contracts/openapi.published.json) and
// the one the route definitions make now (packages/contracts/openapi.json).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const OASDIFF_VERSION = 'v1.37.0';
const MODULE = 'github.com/oasdiff/oasdiff';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const oasdiffBin = path.join(root, '.tools', 'bin', `oasdiff-${OASDIFF_VERSION}`);

/** Builds oasdiff from the Go module proxy unless the pinned version is already there. */
export function ensureOasdiffInstalled(log = console.log) {
  if (fs.existsSync(oasdiffBin)) return oasdiffBin;
  log(`Building oasdiff ${OASDIFF_VERSION} (first run only)...`);
  fs.mkdirSync(path.dirname(oasdiffBin), { recursive: true });
  const env = { ...process.env, GOFLAGS: '-trimpath -buildvcs=false' };
  // As for FerretDB: the exact version only, built from its module folder.
  const info = JSON.parse(execFileSync('go', ['mod', 'download', '-json', `${MODULE}@${OASDIFF_VERSION}`], { encoding: 'utf8', env }));
  if (info.Error) throw new Error(`Could not download oasdiff: ${info.Error}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oasdiff-src-'));
  try {
    fs.cpSync(info.Dir, work, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', work]);
    execFileSync('go', ['build', '-o', oasdiffBin, '.'], { cwd: work, env, stdio: ['ignore', 'inherit', 'inherit'] });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return oasdiffBin;
}

export const publishedOpenApi = path.join(root, 'packages', 'contracts', 'openapi.published.json');
export const currentOpenApi = path.join(root, 'packages', 'contracts', 'openapi.json');
