// Figure 6: svc-reports' PDF renderer called directly, 1,000 renders in a child process: time
// per render and the process memory before and after.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { bundleTs } from './ts-module';
import { summarize } from './stats';

export async function benchRender({ root, workDir, renders }) {
  const file = await bundleTs(path.join(root, 'scripts', 'bench', 'render-worker.ts'), workDir, 'render-worker');
  const stdout = await new Promise((resolve, reject) =>
    execFile(process.execPath, ['--expose-gc', file, String(renders)], { maxBuffer: 16 * 1024 * 1024 }, (err, out, errOut) => (err ? reject(new Error(`the renders failed: ${errOut || err.message}`)) : resolve(out))),
  );
  const { times, first, before, after, bytes } = JSON.parse(stdout.trim().split('\n').pop());
  return { renders, ...summarize(times), first, before, after, bytes };
}
