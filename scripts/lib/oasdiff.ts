// oasdiff (github.com/oasdiff/oasdiff) finds breaking changes between two OpenAPI documents.
// `npm test` runs it between the published API (packages/contracts/openapi.published.json) and
// the one the route definitions make now (packages/contracts/openapi.json).
import fs from 'node:fs';
import path from 'node:path';
import { buildGoModule } from './go-module';
import { root } from './repo-root';

export const OASDIFF_VERSION = 'v1.37.0';
const MODULE = 'github.com/oasdiff/oasdiff';
export const oasdiffBin = path.join(root, '.tools', 'bin', `oasdiff-${OASDIFF_VERSION}`);

/** Builds oasdiff from the Go module proxy unless the pinned version is already there. */
export function ensureOasdiffInstalled(log: (msg: string) => void = console.log): string {
  if (fs.existsSync(oasdiffBin)) return oasdiffBin;
  log(`Building oasdiff ${OASDIFF_VERSION} (first run only)...`);
  // As for FerretDB: the exact version only, built from its module folder.
  buildGoModule({ module: MODULE, version: OASDIFF_VERSION, what: 'oasdiff', target: '.', outFile: oasdiffBin });
  return oasdiffBin;
}

export const publishedOpenApi = path.join(root, 'packages', 'contracts', 'openapi.published.json');
export const currentOpenApi = path.join(root, 'packages', 'contracts', 'openapi.json');
