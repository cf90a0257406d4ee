// Figure 6: svc-reports' PDF renderer called directly, 1,000 renders in a child process: time
// per render and the process memory before and after.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { summarize, type Summary } from './stats';

/** Memory of the render process (bytes). */
export interface RenderMemory {
  rss: number;
  heapUsed: number;
}

/** What render-worker.ts prints: each render's time (ms), memory after the first render, after the warm-up and at the end, and a PDF's size. */
export interface RenderWorkerOutput {
  times: number[];
  first: RenderMemory;
  before: RenderMemory;
  after: RenderMemory;
  bytes: number;
}

export type RenderFigure = Summary & Omit<RenderWorkerOutput, 'times'> & { renders: number };

const isMemory = (value: unknown): value is RenderMemory =>
  typeof value === 'object' && value !== null && 'rss' in value && typeof value.rss === 'number' && 'heapUsed' in value && typeof value.heapUsed === 'number';

/** The worker's last stdout line, checked. */
export function parseRenderOutput(stdout: string): RenderWorkerOutput {
  const line = stdout.trim().split('\n').pop() ?? '';
  const parsed: unknown = JSON.parse(line);
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`the renders printed no figures: ${line.slice(0, 200)}`);
  const { times, first, before, after, bytes }: Partial<Record<keyof RenderWorkerOutput, unknown>> = parsed;
  if (!Array.isArray(times) || !times.every((t) => typeof t === 'number') || !isMemory(first) || !isMemory(before) || !isMemory(after) || typeof bytes !== 'number') {
    throw new Error(`the renders printed unexpected figures: ${line.slice(0, 200)}`);
  }
  return { times, first, before, after, bytes };
}

/**
 * render-worker.ts bundled as svc-reports is built (esbuild, @study/* packages inside, every other
 * package required from node_modules) into outDir/render-worker.cjs. Bundled rather than run
 * through tsx because the figure is the renderer's memory: tsx's loader and its compiled sources
 * would sit in the same heap (about +28 MB RSS and +5 MB heap on 100 renders), which the service
 * in production does not carry. `outDir` must be inside the repository, for node_modules.
 */
async function bundleWorker(root: string, outDir: string): Promise<string> {
  fs.mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, 'render-worker.cjs');
  await build({
    entryPoints: [path.join(root, 'scripts', 'bench', 'render-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@study/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  return outfile;
}

export interface RenderOptions {
  root: string;
  /** Where the bundled worker goes (inside the repository). */
  workDir: string;
  renders: number;
}

/** Runs render-worker.ts in a child process of its own, so the bench's own memory does not mix in. */
export async function benchRender({ root, workDir, renders }: RenderOptions): Promise<RenderFigure> {
  const file = await bundleWorker(root, workDir);
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['--expose-gc', file, String(renders)], { maxBuffer: 16 * 1024 * 1024 }, (err, out, errOut) =>
      err ? reject(new Error(`the renders failed: ${errOut || err.message}`)) : resolve(out),
    ),
  );
  const { times, first, before, after, bytes } = parseRenderOutput(stdout);
  return { renders, ...summarize(times), first, before, after, bytes };
}
