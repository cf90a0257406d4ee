// A service image's node_modules holds only what the service runs with. `npm ci --omit=dev -w <slice>`
// still installs every workspace's production dependencies, since each workspace counts as a project
// of its own: a workspace the slice lists as a devDependency (a test client, a stand-in, test-infra)
// brings its own (React for one). The image build therefore rewrites the manifests in its
// dependency stage: the root lists as workspaces only the slice and the @study/* packages it needs
// at run time (its `dependencies`, followed through theirs: their external packages, such as
// prom-client in service-kit, are required by the bundle too), and no manifest keeps
// devDependencies. `npm prune --omit=dev` then removes everything else. The install itself is
// `npm ci` from the repository's untouched manifests and lockfile, so every package left is at the
// version package-lock.json pins, at its place; prune only deletes.
// CommonJS and self-contained: the image build runs it with node alone, and the unit tests load it.
const fs = require('node:fs');
const path = require('node:path');

const WORKSPACE_SCOPE = '@study/';

/**
 * The workspace folders a slice needs at run time, the slice first: the @study/* packages in its
 * `dependencies` and `optionalDependencies`, followed through theirs. A package name resolves to
 * its folder through package-lock.json's link (`node_modules/<name>` -> `resolved`).
 */
function runtimeWorkspaces(slice, manifestOf, lockPackages) {
  const found = [slice];
  for (let i = 0; i < found.length; i++) {
    const manifest = manifestOf(found[i]);
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      if (!name.startsWith(WORKSPACE_SCOPE)) continue;
      const entry = lockPackages[`node_modules/${name}`];
      if (!entry || !entry.link || !entry.resolved) throw new Error(`${found[i]} depends on ${name}, which package-lock.json does not link to a workspace`);
      if (!found.includes(entry.resolved)) found.push(entry.resolved);
    }
  }
  return [found[0], ...found.slice(1).sort()];
}

/** A manifest without its devDependencies. */
function withoutDevDependencies(manifest) {
  const { devDependencies: _dev, ...rest } = manifest;
  return rest;
}

/** The rewritten manifests, by folder ('.' is the root): the root with `workspaces` only, each of those without devDependencies. */
function runtimeManifests(rootManifest, workspaces, manifestOf) {
  const out = { '.': { ...withoutDevDependencies(rootManifest), workspaces: [...workspaces] } };
  for (const dir of workspaces) out[dir] = withoutDevDependencies(manifestOf(dir));
  return out;
}

/** Rewrites the manifests under `root` (the image's /app) for `slice`; answers the workspaces kept. */
function rewriteManifests(root, slice) {
  const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  const manifestOf = (dir) => readJson(path.join(dir, 'package.json'));
  const workspaces = runtimeWorkspaces(slice, manifestOf, readJson('package-lock.json').packages || {});
  for (const [dir, manifest] of Object.entries(runtimeManifests(readJson('package.json'), workspaces, manifestOf))) {
    fs.writeFileSync(path.join(root, dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return workspaces;
}

// `node slice-manifests.cjs <slice>` in the folder holding the manifests (the Containerfile's prod-deps stage).
if (require.main === module) {
  const slice = (process.argv[2] || '').replace(/^\.\//, '').replace(/\/$/, '');
  if (!slice) {
    console.error('usage: node slice-manifests.cjs <slice folder>');
    process.exit(2);
  }
  console.log(`${slice}: workspaces kept: ${rewriteManifests(process.cwd(), slice).join(', ')}`);
}

module.exports = { runtimeWorkspaces, runtimeManifests, rewriteManifests };
