// `npm run contracts:snapshot`: writes the JSON Schema of every HTTP body and event of the
// contracts to packages/contracts/snapshots, refusing backward-incompatible changes
// (packages/contracts/src/snapshots/run-snapshot.ts), then publishes the OpenAPI document when
// oasdiff finds no breaking change from the published one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runSnapshot } from '@study/contracts/src/snapshots/run-snapshot';
import { currentOpenApi, ensureOasdiffInstalled, publishedOpenApi } from '../lib/oasdiff';
import { root } from '../lib/repo-root';

process.exitCode = runSnapshot(path.join(root, 'packages', 'contracts', 'snapshots'));
if (process.exitCode === 0) {
  execFileSync(ensureOasdiffInstalled(), ['breaking', publishedOpenApi, currentOpenApi, '--fail-on', 'ERR'], { stdio: 'inherit' });
  fs.copyFileSync(currentOpenApi, publishedOpenApi);
}
