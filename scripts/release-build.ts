// Builds a frontend other than the working tree's, for trying versions side by side:
//   node scripts/run.mjs scripts/release-build.ts previous <folder> [--publish <releasesRoot>]
//     the previous release of <folder>, rebuilt from the commit deploy/release-history.json records
//   node scripts/run.mjs scripts/release-build.ts declaring <folder> <package>@<range> [--publish <releasesRoot>]
//     the working tree's <folder> built as if it declared <range> for a shared package
// Prints one line of JSON: { dist, version?, commit?, id? } (id: the published release, with --publish).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDeclaring, buildPreviousRelease } from './lib/release-builds';
import { publishRelease } from './lib/remote-releases';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function main() {
  const args = process.argv.slice(2);
  const publishAt = args.indexOf('--publish');
  const releasesRoot = publishAt >= 0 ? args.splice(publishAt, 2)[1] : undefined;
  const [kind, folder, spec] = args;
  let build;
  if (kind === 'previous' && folder) build = buildPreviousRelease(root, folder);
  else if (kind === 'declaring' && folder && spec?.lastIndexOf('@') > 0) {
    const at = spec.lastIndexOf('@');
    build = buildDeclaring(root, folder, spec.slice(0, at), spec.slice(at + 1));
  } else {
    throw new Error('Usage: node scripts/run.mjs scripts/release-build.ts previous <folder> | declaring <folder> <package>@<range> [--publish <releasesRoot>]');
  }
  const published = releasesRoot ? publishRelease({ distDir: build.dist, releasesRoot, folder }) : undefined;
  console.log(JSON.stringify({ ...build, ...(published ? { id: published.id } : {}) }));
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
