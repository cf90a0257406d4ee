// `npm run release -- <folder>`: records the version in <folder>/package.json as released from
// HEAD (deploy/release-history.json, committed) and tags it (<package name>@<version>). Run it on
// the commit you deploy, after `npm run changeset:version` and `npm run slice -- <folder>` passed.
import { recordRelease } from './lib/release-history';
import { root } from './lib/repo-root';

const folder = process.argv[2];
try {
  if (!folder) throw new Error('Usage: npm run release -- <folder>, e.g. npm run release -- mf-nardi');
  const { tag, commit } = recordRelease(root, folder);
  console.log(`Released ${tag} from ${commit.slice(0, 12)}; push the commit and the tag: git push --follow-tags`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
