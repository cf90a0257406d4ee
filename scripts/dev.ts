// `npm run dev -- <part>`: one part rebuilt on every change, against the rest of a running stack
// (npm start).
// - A frontend (shell, mf-*): webpack in watch mode (a development build, no compressed copies)
//   writes the part's dist/, which the running gateway serves: it looks for a new build at most
//   every 200 ms while requests come, so a reload of the page shows the change. The build also
//   carries a few lines that poll the part's manifest (or the shell's page) and reload the page.
// - A service or the gateway: esbuild's watch mode makes the same bundle as `npm run build`
//   (build-service.ts's options) into dist/main.js, then the running npm start restarts that
//   process (lib/stack-control.ts): same port, same environment, same log file, still its child.
// Either way the part's build stamp is removed, so the next npm start builds it again for real.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { context, type BuildResult, type Plugin } from 'esbuild';
import type { Configuration, Stats } from 'webpack';
import { serviceBundleOptions } from './build-service';
import { describeWatched, liveReloadScript, liveReloadUrl, parseDevArgs, type DevPart, watchedFolders } from './lib/dev-plan';
import { root } from './lib/repo-root';
import { findStackControl, requestRestart, type StackControlInfo } from './lib/stack-control';

type Webpack = typeof import('webpack');

const say = (msg: string): void => console.log(`[dev] ${new Date().toISOString().slice(11, 19)} ${msg}`);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));
const CONTROL_FILE = path.join(root, '.data', 'stack-control.json');

/** The running npm start, or a clear stop. */
function runningStack(): StackControlInfo {
  const info = findStackControl(CONTROL_FILE);
  if (!info) throw new Error(`no running npm start found (${path.relative(root, CONTROL_FILE)}): start the stack first (npm start, in another terminal), then npm run dev`);
  return info;
}

/** webpack in watch mode on the frontend's own config, in development mode. */
function watchFrontend(part: DevPart, stack: StackControlInfo): void {
  const dir = path.join(root, part.dir);
  // The frontend's webpack and config, as its own `npm run build` loads them.
  const load = createRequire(path.join(dir, 'package.json'));
  const webpack = load('webpack') as Webpack;
  const makeConfig = load(path.join(dir, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => Configuration;
  const config = makeConfig({}, { mode: 'development' });
  // The page reloads itself after a rebuild: a few lines before the shell's entry or the remote's container.
  const reloadUrl = liveReloadUrl(part.dir);
  const entryFile = part.dir === 'shell' ? /^main\.[0-9a-f]+\.js$/ : /^remoteEntry\.js$/;
  config.plugins = [...(config.plugins ?? []), new webpack.BannerPlugin({ banner: liveReloadScript(reloadUrl), raw: true, test: entryFile })];
  const compiler = webpack(config);
  let startedAt = Date.now();
  let first = true;
  compiler.hooks.invalid.tap('dev', (file) => {
    startedAt = Date.now();
    say(`${file ? path.relative(root, file) : 'a file'} changed: rebuilding ${part.dir}`);
  });
  compiler.hooks.watchRun.tap('dev', () => {
    if (first) startedAt = Date.now();
  });
  say(`${part.dir}: webpack (development) watching, writing ${part.dir}/dist, which the gateway at ${stack.gatewayUrl} serves`);
  const watching = compiler.watch({ aggregateTimeout: 100 }, (err: Error | null, stats?: Stats) => {
    if (err) return say(`${part.dir}: webpack failed: ${err.message}`);
    if (!stats) return;
    const took = seconds(Date.now() - startedAt);
    if (stats.hasErrors()) {
      console.error(stats.toString({ preset: 'errors-only', colors: process.stdout.isTTY }));
      return say(`${part.dir}: the build failed (${took}); the gateway keeps serving the last good one`);
    }
    if (stats.hasWarnings()) console.warn(stats.toString({ preset: 'errors-warnings', colors: process.stdout.isTTY }));
    if (first) say(`${part.dir}: watching ${describeWatched(watchedFolders(stats.compilation.fileDependencies, root, part.dir))}`);
    first = false;
    say(`${part.dir}: built in ${took}; open pages reload within a second (they poll ${reloadUrl})`);
  });
  stopOnSignal(() => new Promise<void>((resolve) => (watching ? watching.close(() => resolve()) : resolve())));
}

/** esbuild's watch on the service's bundle; each good build has the stack restart its process. */
async function watchService(part: Extract<DevPart, { kind: 'service' }>, stack: StackControlInfo): Promise<void> {
  const dir = path.join(root, part.dir);
  const options = serviceBundleOptions(path.join(dir, 'src', 'main.ts'), path.join(dir, 'dist', 'main.js'));
  let startedAt = Date.now();
  let first = true;
  // Restarts in order, at most one waiting: a build that ends during a restart restarts once more after it.
  let restarting: Promise<void> = Promise.resolve();
  let pending = false;
  const restart = () => {
    if (pending) return;
    pending = true;
    restarting = restarting.then(async () => {
      pending = false;
      try {
        const ms = await requestRestart(runningStack(), part.process);
        say(`${part.dir}: the stack's ${part.process} process restarted (${seconds(ms)})`);
      } catch (err) {
        say(`${part.dir}: the restart failed: ${errorMessage(err)}`);
      }
    });
  };
  const report: Plugin = {
    name: 'dev-report',
    setup(b) {
      b.onStart(() => {
        startedAt = Date.now();
        if (!first) say(`${part.dir}: a change: rebuilding`);
      });
      b.onEnd((result: BuildResult) => {
        const took = seconds(Date.now() - startedAt);
        if (result.errors.length > 0) return say(`${part.dir}: the build failed (${took}); the running process is left as it is`);
        if (first && result.metafile) say(`${part.dir}: watching ${describeWatched(watchedFolders(Object.keys(result.metafile.inputs), root, part.dir))}`);
        say(`${part.dir}: built ${path.relative(root, options.outfile as string)} in ${took}`);
        // The first build is what the stack already runs unless the sources changed since npm start built them.
        restart();
        first = false;
      });
    },
  };
  say(`${part.dir}: esbuild watching, writing ${part.dir}/dist/main.js; the stack at ${stack.gatewayUrl} restarts its ${part.process} process after each build`);
  const ctx = await context({ ...options, absWorkingDir: root, plugins: [...(options.plugins ?? []), report] });
  await ctx.watch();
  stopOnSignal(async () => {
    await ctx.dispose();
    await restarting;
  });
}

function stopOnSignal(stop: () => Promise<void>): void {
  const handler = () => {
    say('stopping; the stack keeps running the last build');
    void stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}

async function main(): Promise<void> {
  const part = parseDevArgs(process.argv.slice(2));
  const stack = runningStack();
  // What dev writes is not what the stamp says npm start built: the next npm start builds it again.
  fs.rmSync(path.join(root, part.dir, 'dist', '.build-stamp'), { force: true });
  if (part.kind === 'frontend') watchFrontend(part, stack);
  else await watchService(part, stack);
}

main().catch((err: unknown) => {
  console.error(`[dev] ${errorMessage(err)}`);
  process.exit(1);
});
