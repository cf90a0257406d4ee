import fs from 'node:fs';
import type { Download } from 'playwright-core';

/** The study's master key, which the browser tests' stack was started with. */
export function masterKey(): string {
  const key = process.env.E2E_ADMIN_MASTER_KEY;
  if (!key) throw new Error('E2E_ADMIN_MASTER_KEY is not set: run the browser tests through jest --selectProjects e2e');
  return key;
}

/** Asks `check` until it answers something (what is computed from events arrives a little later). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The text of a file the browser downloaded. */
export async function downloadedText(download: Download): Promise<string> {
  return fs.readFileSync(await download.path(), 'utf8');
}
