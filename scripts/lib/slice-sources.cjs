// Reads what slice-plan.cjs works from out of the repository: the browser tests' texts and the
// workspaces' manifests.
const fs = require('node:fs');
const path = require('node:path');

/**
 * Every browser test (e2e/*.e2e.test.ts), with its text.
 * @param {string} root
 * @returns {{ path: string, source: string }[]}
 */
function browserTestSources(root) {
  return fs
    .readdirSync(path.join(root, 'e2e'))
    .filter((name) => name.endsWith('.e2e.test.ts'))
    .sort()
    .map((name) => ({ path: `e2e/${name}`, source: fs.readFileSync(path.join(root, 'e2e', name), 'utf8') }));
}

/**
 * Every workspace of the root manifest ('dir' or 'dir/*'), with the workspace packages it names
 * among its dependencies and devDependencies.
 * @param {string} root
 * @returns {{ dir: string, name: string, dependencies: string[] }[]}
 */
function workspaceManifests(root) {
  const patterns = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
  const dirs = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`);
  });
  const manifests = dirs.map((dir) => ({ dir, pkg: JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')) }));
  const names = new Set(manifests.map((m) => m.pkg.name));
  return manifests.map(({ dir, pkg }) => ({
    dir,
    name: pkg.name,
    dependencies: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => names.has(name)),
  }));
}

module.exports = { browserTestSources, workspaceManifests };
