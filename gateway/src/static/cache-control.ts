import path from 'node:path';
import type { ServerResponse } from 'node:http';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A content hash in the file name (main.3f2a9c1b.js, 412.0d2c6e7f81a3.css): the file never changes. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

/**
 * Hashed assets are cached for a year; everything else (index.html, mf-manifest.json,
 * remoteEntry.js, config.js) is revalidated on every load, so a newly deployed remote or
 * shell is picked up without anyone rebuilding anything else.
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath)) ? IMMUTABLE : NO_CACHE;
}

export function setCacheHeaders(res: ServerResponse, filePath: string): void {
  res.setHeader('Cache-Control', cacheControlFor(filePath));
}
