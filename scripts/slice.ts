// `npm run slice -- <folder> [--skip-browser]`: checks, builds and tests one deployable alone,
// e.g. `npm run slice -- mf-nardi` or `npm run slice -- standins/typefinder --skip-browser`.
// 1. Lint (eslint) the folder, the workspace packages it uses, the contracts and the browser tests run.
// 2. Type-check (tsc) the folder's sources, the contracts and those browser tests; tsc follows
//    their imports into the shared packages (a generated tsconfig in .test-artifacts/slices/).
// 3. Build the slice; with browser tests, every deployable (the stack they start needs each
//    dist; up-to-date ones are skipped by their build stamp).
// 4. Jest: the folder's own tests (unit, ui, integration), packages/contracts' tests, and the
//    e2e tests whose opening docblock names the slice (`@slices ...`); --skip-browser leaves
//    those out. Fault runs are not part of a slice: `npm test` runs them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPLOYABLES } from './lib/deployables.cjs';
import { assertKnownSlice, checkTargets, declarationProblems, declaredSlices, selectTests, workspaceDependencies } from './lib/slice-plan.cjs';
import { browserTestSources, workspaceManifests } from './lib/slice-sources.cjs';
import { ensureBrowserTools, ensureTestServices, runJest, step as runStep } from './lib/test-steps';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg) => console.log(`[slice] ${msg}`);
const step = (name, cmd, args) => runStep(root, say, name, cmd, args);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const KNOWN = DEPLOYABLES.map((d) => d.dir);
const PROJECTS = ['unit', 'ui', 'integration', 'e2e'];

function parseArgs(argv) {
  const flags = argv.filter((a) => a.startsWith('--'));
  const unknownFlags = flags.filter((f) => f !== '--skip-browser');
  if (unknownFlags.length > 0) throw new Error(`Unknown option ${unknownFlags.join(', ')}: the only option is --skip-browser`);
  const folders = argv.filter((a) => !a.startsWith('--')).map((a) => a.replace(/^\.\//, '').replace(/\/+$/, ''));
  if (folders.length !== 1) throw new Error(`Name one slice: npm run slice -- <folder> [--skip-browser]. Known slices: ${KNOWN.join(', ')}`);
  return { slice: folders[0], browser: !flags.includes('--skip-browser') };
}

/** The test files jest knows in the slice's projects, repository-relative. */
function jestTestFiles() {
  const res = spawnSync(bin('jest'), ['--listTests', '--json', '--selectProjects', ...PROJECTS], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`jest --listTests failed:\n${res.stderr}`);
  return JSON.parse(res.stdout).map((file) => path.relative(root, file).split(path.sep).join('/'));
}

/** A tsconfig for the slice's type-check, beside the other test artifacts. */
function writeTypeCheckConfig(slice, include) {
  const dir = path.join(root, '.test-artifacts', 'slices', slice.replaceAll('/', '-'));
  fs.mkdirSync(dir, { recursive: true });
  const up = path.relative(dir, root).split(path.sep).join('/');
  const config = { extends: `${up}/tsconfig.base.json`, compilerOptions: { noEmit: true }, include: include.map((p) => `${up}/${p}`) };
  const file = path.join(dir, 'tsconfig.json');
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

async function main() {
  const started = Date.now();
  const { slice, browser } = parseArgs(process.argv.slice(2));
  assertKnownSlice(slice, KNOWN);

  const browserFiles = browserTestSources(root);
  const problems = declarationProblems(browserFiles, KNOWN);
  if (problems.length > 0) throw new Error(`The browser tests' @slices tags need fixing:\n  ${problems.join('\n  ')}`);
  const browserSlices = Object.fromEntries(browserFiles.map((f) => [f.path, declaredSlices(f.source) ?? []]));
  const selection = selectTests({ slice, known: KNOWN, testFiles: jestTestFiles(), browserSlices, browser });
  say(`${slice}: ${selection.own.length} own test files, ${selection.contracts.length} contract test files, browser tests: ${browser ? selection.browser.map((f) => path.basename(f)).join(', ') || 'none' : 'skipped'}`);

  const targets = checkTargets({ slice, dependencies: workspaceDependencies(slice, workspaceManifests(root)), browserTests: selection.browser });
  say(`Lint covers ${targets.lint.join(' ')}`);
  step('Lint', bin('eslint'), ['--max-warnings=0', ...targets.lint]);
  say(`Type-check starts from ${targets.typeCheck.join(' ')}`);
  step('Type-check', bin('tsc'), ['-p', writeTypeCheckConfig(slice, targets.typeCheck)]);

  const files = [...selection.own, ...selection.contracts, ...selection.browser];
  if (selection.browser.length > 0 || files.some((f) => f.endsWith('.int.test.ts'))) await ensureTestServices(say);
  if (selection.browser.length > 0) await ensureBrowserTools(say);

  const { buildAll } = await import('./build');
  await buildAll({ log: say, only: selection.browser.length > 0 ? undefined : [slice] });

  const projects = selection.browser.length > 0 ? PROJECTS : PROJECTS.filter((p) => p !== 'e2e');
  say(`Jest: ${projects.join(', ')}`);
  runJest(root, ['--selectProjects', ...projects, '--runTestsByPath', ...files]);
  say(`${slice}: passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((err) => {
  console.error(`[slice] ${err.message}`);
  process.exit(1);
});
