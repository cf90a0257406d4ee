// What `npm run slice -- <folder>` checks, builds and runs for one deployable, worked out from
// plain data (paths, file texts, package manifests) so that it can be unit-tested. CommonJS so
// that both scripts/slice.ts and jest's unit project load it.

/** Where the contract tests live: every slice runs them, as every slice speaks these contracts. */
const CONTRACTS_DIR = 'packages/contracts';
const BROWSER_TEST = /^e2e\/[^/]+\.e2e\.test\.ts$/;
/** Only the docblock that opens the file counts, as with jest's own pragmas. */
const LEADING_DOCBLOCK = /^\s*\/\*\*([\s\S]*?)\*\//;

/**
 * The slices a browser test declares in the docblock that opens it (`@slices mf-nardi gateway`),
 * or null when it declares none.
 * @param {string} source
 * @returns {string[] | null}
 */
function declaredSlices(source) {
  const block = LEADING_DOCBLOCK.exec(source);
  if (!block) return null;
  const names = [];
  for (const line of block[1].split('\n')) {
    const tag = /^\s*\*?\s*@slices\s+(.*)$/.exec(line);
    if (tag) names.push(...tag[1].trim().split(/\s+/).filter(Boolean));
  }
  return names.length > 0 ? names : null;
}

/**
 * What is wrong with the browser tests' declarations: a file that declares no slice, or one
 * that is not a deployable. Empty when every file is fine.
 * @param {{ path: string, source: string }[]} files
 * @param {readonly string[]} known
 * @returns {string[]}
 */
function declarationProblems(files, known) {
  const problems = [];
  for (const { path, source } of files) {
    const slices = declaredSlices(source);
    if (!slices) problems.push(`${path}: no "@slices" tag in its opening docblock`);
    else for (const name of slices.filter((s) => !known.includes(s))) problems.push(`${path}: unknown slice "${name}" (known: ${known.join(', ')})`);
  }
  return problems;
}

/**
 * @param {string} slice
 * @param {readonly string[]} known
 */
function assertKnownSlice(slice, known) {
  if (!known.includes(slice)) {
    throw new Error(`Unknown slice "${slice}". Known slices: ${known.join(', ')}`);
  }
}

/** @param {string} file @param {string} dir */
const isUnder = (file, dir) => file.startsWith(`${dir}/`);

/**
 * The jest test files of one slice: its own (every project), the contract tests, and the browser
 * tests that declare it. Nothing of another deployable, and no fault runs.
 * @param {{ slice: string, known: readonly string[], testFiles: readonly string[], browserSlices: Readonly<Record<string, readonly string[]>>, browser: boolean }} input
 *   testFiles: repository-relative paths with '/'; browserSlices: each browser test's declared slices.
 * @returns {{ own: string[], contracts: string[], browser: string[] }}
 */
function selectTests({ slice, known, testFiles, browserSlices, browser }) {
  assertKnownSlice(slice, known);
  const sorted = [...testFiles].sort();
  return {
    own: sorted.filter((f) => isUnder(f, slice)),
    contracts: sorted.filter((f) => isUnder(f, CONTRACTS_DIR)),
    browser: browser ? sorted.filter((f) => BROWSER_TEST.test(f) && (browserSlices[f] ?? []).includes(slice)) : [],
  };
}

/**
 * The workspace packages (folders) a slice depends on, directly or through another package,
 * from each workspace's manifest: dependencies and devDependencies named like a workspace.
 * @param {string} slice
 * @param {readonly { dir: string, name: string, dependencies: readonly string[] }[]} workspaces
 * @returns {string[]} folders, sorted, without the slice itself
 */
function workspaceDependencies(slice, workspaces) {
  const byName = new Map(workspaces.map((w) => [w.name, w]));
  const start = workspaces.find((w) => w.dir === slice);
  if (!start) throw new Error(`${slice} is not a workspace`);
  const seen = new Set();
  const queue = [...start.dependencies];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const dep = byName.get(name);
    if (!dep || seen.has(dep.dir) || dep.dir === slice) continue;
    seen.add(dep.dir);
    queue.push(...dep.dependencies);
  }
  return [...seen].sort();
}

/**
 * What the slice's lint and type-check cover. Lint: the slice's folder, the workspace packages
 * it uses, the contract tests and the selected browser tests with their support code.
 * Type-check: the slice's sources, the contracts and the selected browser tests; the compiler
 * follows their imports into the packages, so those are checked as far as the slice uses them.
 * @param {{ slice: string, dependencies: readonly string[], browserTests: readonly string[] }} input
 * @returns {{ lint: string[], typeCheck: string[] }}
 */
function checkTargets({ slice, dependencies, browserTests }) {
  const browser = browserTests.length > 0 ? ['e2e/support', ...browserTests] : [];
  return {
    lint: [...new Set([slice, ...dependencies, CONTRACTS_DIR]), ...browser],
    typeCheck: [`${slice}/src`, `${CONTRACTS_DIR}/src`, ...browserTests],
  };
}

module.exports = { CONTRACTS_DIR, declaredSlices, declarationProblems, assertKnownSlice, selectTests, workspaceDependencies, checkTargets };
