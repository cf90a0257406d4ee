import fs from 'node:fs';
import path from 'node:path';

/** packages/contracts/snapshots, seen from this source file. */
export const SNAPSHOTS_DIR = path.resolve(__dirname, '..', '..', 'snapshots');

/** Every committed snapshot under `dir`: its path relative to `dir` (with '/') and its text. */
export function readSnapshots(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.set(path.relative(dir, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8'));
  }
  return found;
}

export function writeSnapshot(dir: string, file: string, text: string): void {
  const full = path.join(dir, ...file.split('/'));
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
}
