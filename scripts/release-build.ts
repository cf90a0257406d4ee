// Builds a frontend other than the working tree's, for trying versions side by side:
//   node scripts/run.mjs scripts/release-build.ts previous <folder> [--publish <releasesRoot>]
//     the previous release of <folder>, rebuilt from the commit deploy/release-history.json records
//   node scripts/run.mjs scripts/release-build.ts declaring <folder> <package>@<range> [--publish <releasesRoot>]
//     the working tree's <folder> built as if it declared <range> for a shared package
// Prints one line of JSON: { dist, version?, commit?, id? } (id: the published release, with --publish).
import { buildDeclaring, buildPreviousRelease, parseReleaseBuildArgs } from './lib/release-builds';
import { publishRelease } from './lib/remote-releases';
import { root } from './lib/repo-root';

function main(): void {
  const command = parseReleaseBuildArgs(process.argv.slice(2));
  const { folder, releasesRoot } = command;
  const build = command.kind === 'previous' ? buildPreviousRelease(root, folder) : buildDeclaring(root, folder, command.dependency, command.range);
  const published = releasesRoot ? publishRelease({ distDir: build.dist, releasesRoot, folder }) : undefined;
  console.log(JSON.stringify({ ...build, ...(published ? { id: published.id } : {}) }));
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
