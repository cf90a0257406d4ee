// The project's one Node.js line: the exact version in `.node-version`, which scripts/run.mjs
// runs every tool on (fetching it where the machine has another) and the base images ship.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The pinned version in `<root>/.node-version`, e.g. '24.21.0'. */
export function readPinnedNode(root: string): string {
  const text = fs.readFileSync(path.join(root, '.node-version'), 'utf8').trim();
  if (!/^\d+\.\d+\.\d+$/.test(text)) throw new Error(`.node-version must hold one exact version such as 24.21.0, not "${text}"`);
  return text;
}

const majorOf = (version: string): number => Number(version.replace(/^v/, '').split('.')[0]);

/**
 * What is wrong with the runtimes, or null: the tool's own Node (`tool`, process.version) and the
 * `node` on PATH (`onPath`, what jest, eslint and tsc start on) must both be the pinned line.
 */
export function runtimeProblem({ pinned, tool, onPath }: { pinned: string; tool: string; onPath: string | null }): string | null {
  const want = majorOf(pinned);
  if (majorOf(tool) !== want) return `this tool runs on Node.js ${tool}, not ${want} (.node-version ${pinned}): start it through scripts/run.mjs (npm test does)`;
  if (onPath === null) return 'there is no `node` on PATH';
  if (majorOf(onPath) !== want) return `the \`node\` on PATH is ${onPath}, not ${want} (.node-version ${pinned}): jest would run on it; start through scripts/run.mjs, which puts the pinned Node first on PATH`;
  return null;
}

/** Prints the Node.js that runs the tests and throws unless it is the pinned line. */
export function checkNodeRuntime(root: string, say: (msg: string) => void): void {
  const pinned = readPinnedNode(root);
  const probe = spawnSync('node', ['--version'], { encoding: 'utf8' });
  const onPath = probe.status === 0 ? probe.stdout.trim() : null;
  say(`Node.js ${process.version} (${process.execPath}); node --version on PATH: ${onPath ?? 'none'}; pinned: ${pinned}`);
  const problem = runtimeProblem({ pinned, tool: process.version, onPath });
  if (problem) throw new Error(problem);
}
