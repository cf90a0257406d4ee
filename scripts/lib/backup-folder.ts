// What a backup folder holds and how it is laid out; shared by scripts/backup.ts and
// scripts/restore.ts.
//
//   manifest.json                       written last: versions, per collection its count, indexes, file, SHA-256
//   <db>/<collection>.ejson             one document a line, MongoDB Extended JSON v2, canonical mode
//   state/secrets.json                  the embedded stack's generated secrets (mode 0600)
//   state/open-humans-standin.json      the Open Humans stand-in's members and tokens, when present
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MANIFEST_FILE = 'manifest.json';
export const FORMAT = 'study-backup/1';

/** Where `npm start` keeps its generated secrets and the stand-in's state (stack.ts: beside dataDir). */
export const DEFAULT_DATA_DIR = path.join(root, '.data');

/**
 * Files of the embedded stack kept beside its databases. Without secrets.json the restored
 * Open Humans tokens cannot be decrypted and the admin key and webhook secrets change.
 */
export const STATE_FILES = [
  { file: 'secrets.json', required: true, secret: true },
  // Only the local stand-in knows the tokens it issued: without it, stored tokens are refused.
  { file: 'open-humans-standin.json', required: false, secret: true },
];

/** The backup file of one collection, relative to the folder (names made safe for any file system). */
export function collectionFile(db, collection) {
  return path.join(encodeURIComponent(db), `${encodeURIComponent(collection)}.ejson`);
}

export function sha256File(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export function timestampName(date = new Date()) {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}
