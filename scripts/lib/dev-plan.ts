// What `npm run dev -- <part>` works on, worked out without side effects: the parts it knows (the
// five frontends, the three services and the gateway), the running stack's process each service
// part is, its command line, and a summary of the files a build watches.
import path from 'node:path';
import { GATEWAY, REMOTES, SERVICES, SHELL } from '@study/topology';
import { DEPLOYABLES } from './deployables.cjs';

/** A part `npm run dev` rebuilds: a frontend (webpack in watch mode into its dist) or a service (esbuild's watch, then its process restarted). */
export type DevPart = { dir: string; kind: 'frontend' } | { dir: string; kind: 'service'; /** Its process in the running stack (scripts/lib/stack.ts), e.g. scoring or gateway. */ process: string };

/** The stack's process of a service folder: the service's name, or the gateway. */
export function stackProcessOf(dir: string): string {
  if (dir === GATEWAY.folder) return 'gateway';
  const service = SERVICES.find((s) => s.folder === dir);
  if (!service) throw new Error(`${dir} is not a service of the stack`);
  return service.name;
}

/** Every part `npm run dev` knows, in the deployables' order. */
export const DEV_PARTS: readonly DevPart[] = DEPLOYABLES.flatMap((d): DevPart[] => {
  if (d.kind === 'frontend') return [{ dir: d.dir, kind: 'frontend' }];
  if (d.kind === 'service') return [{ dir: d.dir, kind: 'service', process: stackProcessOf(d.dir) }];
  return [];
});

/** The processes of the running stack `npm run dev` may have restarted. */
export const RESTARTABLE_PROCESSES: readonly string[] = DEV_PARTS.flatMap((part) => (part.kind === 'service' ? [part.process] : []));

export const DEV_USAGE = `npm run dev -- <part>, the part one of: ${DEV_PARTS.map((p) => p.dir).join(', ')}`;

/** The command line: exactly one part's folder (a leading ./ and trailing slashes dropped). */
export function parseDevArgs(argv: readonly string[]): DevPart {
  const flags = argv.filter((a) => a.startsWith('-'));
  if (flags.length > 0) throw new Error(`Unknown option ${flags.join(', ')}. Usage: ${DEV_USAGE}`);
  const names = argv.map((a) => a.replace(/^\.\//, '').replace(/\/+$/, ''));
  if (names.length !== 1) throw new Error(`Name one part. Usage: ${DEV_USAGE}`);
  const part = DEV_PARTS.find((p) => p.dir === names[0]);
  if (!part) throw new Error(`${names[0]} is not a part npm run dev works on. Usage: ${DEV_USAGE}`);
  return part;
}

/** A folder a build watches and how many of its files the build read. */
export interface WatchedFolder {
  folder: string;
  files: number;
}

/**
 * The parts and packages whose files a build read (its watch list), relative to `root`: each
 * deployable's and package's files counted under its folder (mf-nardi, packages/contracts), a file
 * at the root by its name; the installed packages (node_modules), folders (webpack also watches
 * the folders it resolved in) and anything outside the repository left out. The part first, then
 * the rest in name order.
 */
export function watchedFolders(files: Iterable<string>, root: string, partDir: string): WatchedFolder[] {
  const counts = new Map<string, number>();
  for (const file of files) {
    const relative = path.relative(root, path.resolve(root, file)).split(path.sep).join('/');
    const segments = relative.split('/');
    const name = segments[segments.length - 1] ?? '';
    if (relative === '' || segments[0] === '..' || path.isAbsolute(relative) || segments.includes('node_modules') || !name.includes('.')) continue;
    const depth = segments[0] === 'packages' || segments[0] === 'standins' ? 2 : 1;
    const folder = segments.length > depth ? segments.slice(0, depth).join('/') : relative;
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts]
    .map(([folder, n]) => ({ folder, files: n }))
    .sort((a, b) => Number(b.folder === partDir) - Number(a.folder === partDir) || a.folder.localeCompare(b.folder));
}

/** One line naming what a build watches, e.g. `mf-nardi (31 files), packages/ui (12 files)`. */
export function describeWatched(folders: readonly WatchedFolder[]): string {
  return folders.map(({ folder, files }) => `${folder} (${files} file${files === 1 ? '' : 's'})`).join(', ') || 'nothing';
}

/**
 * What a frontend's development build polls to reload the page after a rebuild: the remote's
 * manifest (it names every chunk by its content hash) or, for the shell, its page (it names the
 * entry's). Both are same-origin and `no-cache` at the gateway, so the page's CSP allows the call.
 */
export function liveReloadUrl(partDir: string): string {
  if (partDir === SHELL.folder) return '/';
  const remote = REMOTES.find((r) => r.folder === partDir);
  if (!remote) throw new Error(`${partDir} is not a frontend`);
  return `${remote.mountPath}mf-manifest.json`;
}

/**
 * A script put before the development build's entry (never in a production build): once per
 * page, it fetches `url` every `intervalMs` and reloads the page (once) when the answer changes.
 */
export function liveReloadScript(url: string, intervalMs = 1000): string {
  return [
    ';(function () {',
    "  var w = typeof window === 'undefined' ? null : window;",
    '  if (!w || w.__studyDevReload) return;',
    '  w.__studyDevReload = true;',
    '  var last = null;',
    '  var reloading = false;',
    '  function check() {',
    `    fetch(${JSON.stringify(url)}, { cache: 'no-store' })`,
    '      .then(function (r) { return r.ok ? r.text() : null; })',
    '      .then(function (text) {',
    '        if (text === null) return;',
    '        if (last !== null && text !== last) {',
    '          reloading = true;',
    '          return w.location.reload();',
    '        }',
    '        last = text;',
    '      })',
    '      .catch(function () {})',
    `      .then(function () { if (!reloading) setTimeout(check, ${intervalMs}); });`,
    '  }',
    '  check();',
    '})();',
  ].join('\n');
}
