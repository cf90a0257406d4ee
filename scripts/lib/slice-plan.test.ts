import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYABLES } from './deployables.cjs';
import { checkTargets, declarationProblems, declaredSlices, selectTests, workspaceDependencies } from './slice-plan.cjs';
import { browserTestSources, workspaceManifests } from './slice-sources.cjs';

const root = path.resolve(__dirname, '..', '..');
const KNOWN = DEPLOYABLES.map((d) => d.dir);
const TEST_FILE = /\.(test|int\.test|e2e\.test)\.tsx?$/;

/** Every jest test file of the repository (the fault runs and deploy checks included, to be left out). */
function repositoryTests(dir = root, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.git', '.test-artifacts', '.tools', '.data'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) repositoryTests(full, found);
    else if (TEST_FILE.test(entry.name)) found.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return found;
}

const browserSlices = Object.fromEntries(browserTestSources(root).map((f) => [f.path, declaredSlices(f.source) ?? []]));
const selectionFor = (slice: string, browser = true) => selectTests({ slice, known: KNOWN, testFiles: repositoryTests(), browserSlices, browser });
const all = (s: ReturnType<typeof selectTests>) => [...s.own, ...s.contracts, ...s.browser];

describe('the browser tests declare the slices they touch', () => {
  it('every e2e file has an @slices tag naming only deployables', () => {
    const files = browserTestSources(root);
    expect(files.length).toBeGreaterThan(0);
    expect(declarationProblems(files, KNOWN)).toEqual([]);
  });

  it('a file without the tag, or naming an unknown slice, is reported', () => {
    const problems = declarationProblems(
      [
        { path: 'e2e/none.e2e.test.ts', source: '// The frame.\nimport x from "y";\n' },
        { path: 'e2e/late.e2e.test.ts', source: 'import x from "y";\n/** @slices shell */\n' },
        { path: 'e2e/typo.e2e.test.ts', source: '/**\n * @slices shell mf-nardy\n */\n' },
        { path: 'e2e/fine.e2e.test.ts', source: '/**\n * @slices shell\n * @slices standins/typefinder\n */\n' },
      ],
      KNOWN,
    );
    expect(problems).toEqual([
      'e2e/none.e2e.test.ts: no "@slices" tag in its opening docblock',
      'e2e/late.e2e.test.ts: no "@slices" tag in its opening docblock',
      expect.stringMatching(/^e2e\/typo\.e2e\.test\.ts: unknown slice "mf-nardy" \(known: .*mf-nardi/),
    ]);
  });
});

describe('a slice runs its own tests, the contract tests and the browser tests that touch it', () => {
  it.each(['mf-nardi', 'svc-scoring'])('%s: nothing of another deployable, no fault runs', (slice) => {
    const selection = selectionFor(slice);
    const everyTest = repositoryTests();

    expect(selection.own).toEqual(everyTest.filter((f) => f.startsWith(`${slice}/`)).sort());
    expect(selection.own.length).toBeGreaterThan(0);
    expect(selection.contracts).toEqual(everyTest.filter((f) => f.startsWith('packages/contracts/')).sort());
    expect(selection.contracts.length).toBeGreaterThan(0);
    expect(selection.browser).toEqual(Object.keys(browserSlices).filter((f) => browserSlices[f]!.includes(slice)).sort());
    expect(selection.browser.length).toBeGreaterThan(0);

    const others = KNOWN.filter((d) => d !== slice);
    const foreign = all(selection).filter((f) => others.some((d) => f.startsWith(`${d}/`)) || (f.startsWith('packages/') && !f.startsWith('packages/contracts/')));
    expect(foreign).toEqual([]);
    expect(all(selection).filter((f) => f.startsWith('e2e/faults/') || f.startsWith('deploy/'))).toEqual([]);
  });

  it('mf-nardi runs the Nardi browser tests and not the admin one; svc-scoring is not in the entry test', () => {
    expect(selectionFor('mf-nardi').browser).toEqual(expect.arrayContaining(['e2e/nardi.e2e.test.ts', 'e2e/nardi-report.e2e.test.ts']));
    expect(selectionFor('mf-nardi').browser).not.toContain('e2e/admin.e2e.test.ts');
    expect(selectionFor('svc-scoring').browser).not.toContain('e2e/participant-entry.e2e.test.ts');
  });

  it('--skip-browser leaves the browser tests out and keeps the rest', () => {
    const selection = selectionFor('svc-scoring', false);
    expect(selection.browser).toEqual([]);
    expect(selection.own).toEqual(selectionFor('svc-scoring').own);
  });

  it('works from the list it is given: a test of a similarly named folder is not the slice’s', () => {
    const selection = selectTests({
      slice: 'mf-admin',
      known: KNOWN,
      testFiles: ['mf-admin/src/a.test.tsx', 'mf-admin-legacy/src/b.test.tsx', 'packages/contracts/src/c.test.ts', 'e2e/x.e2e.test.ts', 'e2e/faults/y.fault.test.ts'],
      browserSlices: { 'e2e/x.e2e.test.ts': ['mf-admin'], 'e2e/faults/y.fault.test.ts': ['mf-admin'] },
      browser: true,
    });
    expect(selection).toEqual({ own: ['mf-admin/src/a.test.tsx'], contracts: ['packages/contracts/src/c.test.ts'], browser: ['e2e/x.e2e.test.ts'] });
  });

  it('an unknown slice is refused with the list of known ones', () => {
    expect(() => selectionFor('mf-nardy')).toThrow(/^Unknown slice "mf-nardy"\. Known slices: svc-participants, .*mf-nardi.*standins\/typefinder$/);
    expect(() => selectionFor('packages/contracts')).toThrow(/Unknown slice "packages\/contracts"/);
  });
});

describe("what a slice's lint and type-check cover", () => {
  it('mf-nardi: its folder, the packages it uses and the contracts; no other deployable', () => {
    const dependencies = workspaceDependencies('mf-nardi', workspaceManifests(root));
    expect(dependencies).toEqual(expect.arrayContaining(['packages/question-flow', 'packages/ui', 'packages/client-state', 'packages/personality', 'packages/federation']));
    expect(dependencies.filter((d) => KNOWN.includes(d))).toEqual([]);

    const targets = checkTargets({ slice: 'mf-nardi', dependencies, browserTests: ['e2e/nardi.e2e.test.ts'] });
    expect(targets.lint).toEqual(['mf-nardi', ...dependencies, 'e2e/support', 'e2e/nardi.e2e.test.ts']);
    expect(targets.typeCheck).toEqual(['mf-nardi/src', 'packages/contracts/src', 'e2e/nardi.e2e.test.ts']);
  });

  it('follows dependencies through other packages', () => {
    const workspaces = [
      { dir: 'svc-a', name: '@s/a', dependencies: ['@s/kit'] },
      { dir: 'packages/kit', name: '@s/kit', dependencies: ['@s/lock', 'express'] },
      { dir: 'packages/lock', name: '@s/lock', dependencies: [] },
      { dir: 'packages/unused', name: '@s/unused', dependencies: [] },
    ];
    expect(workspaceDependencies('svc-a', workspaces)).toEqual(['packages/kit', 'packages/lock']);
  });
});
