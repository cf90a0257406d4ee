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
import { DEPLOYABLES } from './lib/deployables.cjs';
import { checkNodeRuntime } from './lib/node-runtime';
import { root } from './lib/repo-root';
import { assertKnownSlice, checkTargets, declarationProblems, declaredSlices, selectTests, workspaceDependencies } from './lib/slice-plan.cjs';
import { browserTestSources, workspaceManifests } from './lib/slice-sources.cjs';
import { ensureBrowserTools, ensureTestServices, runJest, step as runStep } from './lib/test-steps';
import { parseSliceArgs } from './lib/tool-args';

const say = (msg: string): void => console.log(`[slice] ${msg}`);
const step = (name: string, cmd: string, args: readonly string[]): void => runStep(root, say, name, cmd, args);
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);
const KNOWN = DEPLOYABLES.map((d) => d.dir);
const PROJECTS = ['unit', 'ui', 'integration', 'e2e'];

/** The test files jest knows in the slice's projects, repository-relative. */
function jestTestFiles(): string[] {
  const res = spawnSync(bin('jest'), ['--listTests', '--json', '--selectProjects', ...PROJECTS], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`jest --listTests failed:\n${res.stderr}`);
  const listed: unknown = JSON.parse(res.stdout);
  if (!Array.isArray(listed) || !listed.every((file): file is string => typeof file === 'string')) throw new Error('jest --listTests printed no list of files');
  return listed.map((file) => path.relative(root, file).split(path.sep).join('/'));
}

/** A tsconfig for the slice's type-check, beside the other test artifacts. */
function writeTypeCheckConfig(slice: string, include: readonly string[]): string {
  const dir = path.join(root, '.test-artifacts', 'slices', slice.replaceAll('/', '-'));
  fs.mkdirSync(dir, { recursive: true });
  const up = path.relative(dir, root).split(path.sep).join('/');
  const config = { extends: `${up}/tsconfig.base.json`, compilerOptions: { noEmit: true }, include: include.map((p) => `${up}/${p}`) };
  const file = path.join(dir, 'tsconfig.json');
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

async function main(): Promise<void> {
  const started = Date.now();
  checkNodeRuntime(root, say);
  const { slice, browser } = parseSliceArgs(process.argv.slice(2), KNOWN);
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

main().catch((err: unknown) => {
  console.error(`[slice] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
