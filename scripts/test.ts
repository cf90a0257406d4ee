// `npm test`: installs what is missing, then lint, type-check, build, and every jest
// project: unit, UI, integration (real FerretDB, RabbitMQ, Redis), browser tests
// (Chromium through the gateway) and fault runs (e2e/faults), in one jest run without coverage:
// measured on 2 cores, unit and ui with V8 coverage took 11 min on two workers and about 30 in one
// process, against the whole run's budget, so coverage is `npm run coverage` (or `npm test --
// --coverage`: unit and ui with it, then the rest). Extra arguments go to jest, e.g.
// `npm test -- --selectProjects unit` or `npm test -- svc-scoring`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { checkApiCompatibility, type RunStep } from './lib/api-compatibility';
import { checkNodeRuntime } from './lib/node-runtime';
import { root } from './lib/repo-root';
import { planJestRuns, withCoverageOff } from './lib/test-plan';
import { ensureBrowserTools, ensureTestServices, runJestPlans, step as runStep } from './lib/test-steps';

const say = (msg: string): void => console.log(`[test] ${msg}`);
const step: RunStep = (name, cmd, args) => runStep(root, say, name, cmd, args);

function validateCompose(): void {
  // Debian's docker-compose checks the deployment file without a Docker engine.
  const probe = spawnSync('docker-compose', ['version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    say('docker-compose is not installed: skipping the docker-compose.yml check (apt-get install docker-compose)');
    return;
  }
  step('Validate docker-compose.yml', 'docker-compose', ['config', '-q']);
}

/** The projects jest.config.js defines, in its order. */
function jestProjects(): string[] {
  const config = createRequire(import.meta.url)(path.join(root, 'jest.config.js')) as { projects: { displayName: string }[] };
  return config.projects.map((p) => p.displayName);
}

async function main(): Promise<void> {
  const jestArgs = process.argv.slice(2);
  const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);
  // First: the runtime every step and jest run on, the pinned Node.js line (CI reads it here).
  checkNodeRuntime(root, say);

  step('Lint', bin('eslint'), ['--max-warnings=0', '.']);
  step('Type-check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  checkApiCompatibility(step, say);

  validateCompose();

  await ensureTestServices(say);
  await ensureBrowserTools(say);

  const { buildAll } = await import('./build');
  await buildAll({ log: say });

  say(`Jest: ${jestProjects().join(', ')}`);
  runJestPlans(root, planJestRuns(withCoverageOff(jestArgs), jestProjects()), say);
}

main().catch((err: unknown) => {
  console.error(`[test] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
