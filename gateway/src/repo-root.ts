import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository root (the folder holding shell/ and gateway/), found upward from the running
 * script or the working directory, so the embedded stack finds every frontend's dist without
 * configuration. Falls back to the working directory.
 */
export function findRepoRoot(starts: readonly (string | undefined)[] = [typeof __dirname === 'string' ? __dirname : undefined, process.argv[1], process.cwd()]): string {
  for (const start of starts) {
    if (!start) continue;
    let dir = path.resolve(start);
    for (;;) {
      if (fs.existsSync(path.join(dir, 'shell')) && fs.existsSync(path.join(dir, 'gateway'))) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return process.cwd();
}
