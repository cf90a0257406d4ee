// `npm run remote -- <command> <remote folder> ...`: publish a remote's build and choose which
// published release the shell loads, without rebuilding anything.
//
//   npm run remote -- publish mf-nardi [--live]   build (if its sources changed), publish as
//                                                 <version>-<hash>; --live: make it the live one
//   npm run remote -- live mf-nardi 0.2.0-3f9a1c2b7e   load that release (a rollback is the same)
//   npm run remote -- default mf-nardi            back to the remote's own entry (its dist or server)
//   npm run remote -- list mf-nardi               published releases, the live one marked
//
// Releases go to RELEASES_ROOT (default: releases/ in this folder), which the gateway serves;
// a running gateway follows live.json within a second.
import path from 'node:path';
import { DEPLOYABLES, buildAll } from './build';
import { root } from './lib/repo-root';
import { describeBuild, listReleases, publishRelease, readLive, setLive } from './lib/remote-releases';

const REMOTES = DEPLOYABLES.filter((d) => d.kind === 'frontend' && d.dir !== 'shell').map((d) => d.dir);
const COMMANDS = ['publish', 'live', 'default', 'list'] as const;
type Command = (typeof COMMANDS)[number];

const isCommand = (word: string | undefined): word is Command => COMMANDS.some((command) => command === word);

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run remote -- publish|live|default|list <${REMOTES.join('|')}> [release id] [--live]`);
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const [command, folder, id] = args.filter((arg) => !arg.startsWith('--'));
  if (!isCommand(command)) usage(`Unknown command: ${command ?? '(none)'}.`);
  if (folder === undefined || !REMOTES.includes(folder)) usage(`Unknown remote: ${folder ?? '(none)'}.`);
  const releasesRoot = path.resolve(process.env.RELEASES_ROOT || path.join(root, 'releases'));
  const distDir = path.join(root, folder, 'dist');

  if (command === 'publish') {
    await buildAll({ only: [folder], log: (line) => console.log(line) });
    const release = publishRelease({ distDir, releasesRoot, folder });
    console.log(`${release.alreadyPublished ? 'Already published' : 'Published'}: ${folder} ${release.id} in ${release.dir}`);
    if (args.includes('--live')) {
      setLive({ releasesRoot, folder, name: release.name, id: release.id });
      console.log(`${release.name} now loads ${release.id}.`);
    } else {
      console.log(`To load it: npm run remote -- live ${folder} ${release.id}`);
    }
    return;
  }
  // The federation name (mf_nardi) as the shell knows it, from the remote's own build.
  const name = describeBuild(distDir).name;
  if (command === 'live') {
    if (!id) usage('Name the release id to load, e.g. 0.2.0-3f9a1c2b7e (see: npm run remote -- list).');
    setLive({ releasesRoot, folder, name, id });
    console.log(`${name} now loads ${id}.`);
  } else if (command === 'default') {
    setLive({ releasesRoot, folder, name, id: undefined });
    console.log(`${name} now loads its default entry.`);
  } else {
    const live = readLive(releasesRoot)[name];
    const releases = listReleases(releasesRoot, folder);
    if (releases.length === 0) console.log(`${folder} has no published release in ${releasesRoot}.`);
    for (const release of releases) console.log(`${release.id === live ? '*' : ' '} ${release.id}  published ${release.publishedAt.toISOString()}`);
    if (!live) console.log(`${name} loads its default entry.`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
