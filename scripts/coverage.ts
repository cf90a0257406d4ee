// `npm run coverage [-- <jest args>]`: the unit and ui projects with jest's V8 coverage; its text
// summary ends the output, coverage/coverage-summary.json and coverage/lcov.info are written.
// Apart from `npm test` because V8's counters slow everything jest runs in the same process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withCoverage } from './lib/coverage';
import { checkNodeRuntime } from './lib/node-runtime';
import { root } from './lib/repo-root';
import { runJest } from './lib/test-steps';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  checkNodeRuntime(root, (msg) => console.log(`[coverage] ${msg}`));
  const args = process.argv.slice(2);
  try {
    runJest(root, withCoverage(args.some((a) => a.startsWith('--selectProjects')) ? args : ['--selectProjects', 'unit', 'ui', ...args]));
  } catch (err) {
    console.error(`[coverage] ${err instanceof Error ? err.message : String(err)} (${path.relative(root, path.join(root, '.test-artifacts', 'jest-results.json'))})`);
    process.exit(1);
  }
}
