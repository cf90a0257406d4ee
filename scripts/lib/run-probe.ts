// A tool for scripts/run.test.ts, started through scripts/run.mjs: it reports the Node.js it runs
// on, what a child started with process.execPath and the `node` on PATH run on, its arguments and
// one variable, then ends as the first argument says.
import { spawnSync } from 'node:child_process';

const versionOf = (cmd: string): string => spawnSync(cmd, ['--version'], { encoding: 'utf8' }).stdout.trim();
const [mode = 'report', ...rest] = process.argv.slice(2);

console.log(JSON.stringify({ version: process.version, execPathChild: versionOf(process.execPath), onPath: versionOf('node'), args: rest, probeVar: process.env.RUN_PROBE_VAR ?? null }));

if (mode === 'exit') process.exit(Number(rest[0]));
if (mode === 'trap' || mode === 'hang') {
  // 'trap' ends on its own terms when a signal comes, after a clean-up long enough for a second
  // delivery of the same signal to show; 'hang' leaves it to the signal's default.
  if (mode === 'trap') {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        console.log(`got ${signal}`);
        setTimeout(() => process.exit(signal === 'SIGINT' ? 7 : 8), 500);
      });
    }
  }
  setInterval(() => undefined, 60_000);
  console.log('ready');
}
