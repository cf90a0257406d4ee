// Go tools we build ourselves (FerretDB, oasdiff) come from the Go module proxy at a pinned version.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What `go mod download -json` prints for one module: its folder in the module cache, or why it failed. */
export interface GoModuleDownload {
  dir?: string;
  error?: string;
}

/** Reads the JSON `go mod download -json` prints. */
export function parseGoModDownload(output: string): GoModuleDownload {
  const parsed: unknown = JSON.parse(output);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('go mod download printed no JSON object');
  const fields = parsed as Record<string, unknown>;
  return {
    ...(typeof fields.Dir === 'string' ? { dir: fields.Dir } : {}),
    ...(typeof fields.Error === 'string' ? { error: fields.Error } : {}),
  };
}

/**
 * Builds `target` (a package path inside the module, e.g. ./cmd/ferretdb) of module@version into
 * `outFile`. `go install mod@version` also asks the proxy for the module's version list, which some
 * proxies refuse; downloading the exact version and building it needs only that version.
 * `prepare` may change the copied sources before the build.
 */
export function buildGoModule(o: { module: string; version: string; what: string; target: string; outFile: string; prepare?: (work: string) => void }): void {
  const env = { ...process.env, GOFLAGS: '-trimpath -buildvcs=false' };
  const info = parseGoModDownload(execFileSync('go', ['mod', 'download', '-json', `${o.module}@${o.version}`], { encoding: 'utf8', env }));
  if (info.error) throw new Error(`Could not download ${o.what}: ${info.error}`);
  if (!info.dir) throw new Error(`Could not download ${o.what}: go mod download named no folder`);
  fs.mkdirSync(path.dirname(o.outFile), { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `${o.what.toLowerCase()}-src-`));
  try {
    fs.cpSync(info.dir, work, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', work]);
    o.prepare?.(work);
    execFileSync('go', ['build', '-o', o.outFile, o.target], { cwd: work, env, stdio: ['ignore', 'inherit', 'inherit'] });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
