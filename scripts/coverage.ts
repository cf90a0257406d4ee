// `npm run coverage [-- <jest args>]`: the unit and ui projects with jest's V8 coverage, as the
// first of `npm test`'s jest runs (scripts/lib/test-plan.ts); its text summary ends jest's output,
// coverage/coverage-summary.json and coverage/lcov.info are written, and a run of the whole of
// unit and ui fails below the coverage threshold.
import { fileURLToPath } from 'node:url';
import { COVERED_PROJECTS } from './lib/coverage';
import { checkNodeRuntime } from './lib/node-runtime';
import { root } from './lib/repo-root';
import { planJestRuns } from './lib/test-plan';
import { runJestPlans } from './lib/test-steps';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const say = (msg: string): void => console.log(`[coverage] ${msg}`);
  checkNodeRuntime(root, say);
  const args = process.argv.slice(2);
  const selecting = args.some((a) => a.startsWith('--selectProjects'));
  try {
    runJestPlans(root, planJestRuns(selecting ? args : ['--selectProjects', ...COVERED_PROJECTS, ...args], COVERED_PROJECTS), say);
  } catch (err) {
    console.error(`[coverage] ${err instanceof Error ? err.message : String(err)} (.test-artifacts/jest-results.json)`);
    process.exit(1);
  }
}
