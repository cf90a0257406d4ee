// Figure 6: svc-reports' PDF renderer called directly (its bench-render command), 1,000 renders in
// a child process: time per render and the process memory before and after.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { summarize, type Summary } from './stats';

/** Memory of the render process (bytes). */
export interface RenderMemory {
  rss: number;
  heapUsed: number;
}

/** What svc-reports' bench-render command prints: each render's time (ms), memory after the first render, after the warm-up and at the end, and a PDF's size. */
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

export interface RenderOptions {
  root: string;
  renders: number;
}

/**
 * Runs svc-reports' bench-render command (its own renderer, bundled as the service is, so no
 * loader of the bench's sits in the heap the figure measures) in a child process of its own,
 * so the bench's own memory does not mix in.
 */
export async function benchRender({ root, renders }: RenderOptions): Promise<RenderFigure> {
  const file = path.join(root, 'svc-reports', 'bench', 'dist', 'bench-render.js');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: build first (npm run build -- --force)`);
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['--expose-gc', file, String(renders)], { maxBuffer: 16 * 1024 * 1024 }, (err, out, errOut) =>
      err ? reject(new Error(`the renders failed: ${errOut || err.message}`)) : resolve(out),
    ),
  );
  const { times, first, before, after, bytes } = parseRenderOutput(stdout);
  return { renders, ...summarize(times), first, before, after, bytes };
}
