import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import mime from 'mime-types';
import { cacheControlFor, IMMUTABLE } from './cache-control';

/** One encoding of a file, ready to send. */
export interface FileVariant {
  body: Buffer;
  /** Strong, from the content: differs between encodings of the same file. */
  etag: string;
}

export interface StaticFile {
  contentType: string;
  cacheControl: string;
  /** HTTP date of the file's modification time. */
  lastModified: string;
  /** The modification time, whole seconds (what Last-Modified can say), in ms. */
  modifiedMs: number;
  identity: FileVariant;
  /** From `<file>.br` beside the file. */
  br?: FileVariant;
  /** From `<file>.gz` beside the file, or gzipped here on first demand (see compressOnDemand). */
  gzip?: FileVariant;
  /** Text worth compressing that came without a .gz: gzipped once, when first asked for, kept in memory. */
  compressOnDemand: boolean;
  /** Whether the answer depends on Accept-Encoding. */
  vary: boolean;
  /** Set while the on-demand gzip runs. */
  compressing?: boolean;
}

/** Source maps (fetched only by developer tools) and unusually large files stay on disk. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const KEPT_ON_DISK = /\.map$/i;
/** Smaller bodies gain nothing from compression. */
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE_TYPE = /^(text\/|application\/(javascript|json|manifest\+json|xml|wasm)|image\/svg\+xml)/i;
const PRECOMPRESSED: readonly { suffix: string; coding: 'br' | 'gzip' }[] = [
  { suffix: '.br', coding: 'br' },
  { suffix: '.gz', coding: 'gzip' },
];

function contentHash(body: Buffer): string {
  return createHash('sha1').update(body).digest('base64url').slice(0, 22);
}

/** Every file under `dir` (relative paths with '/'), skipping dotfiles and dot folders, as express.static does. */
function listFiles(dir: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) files.push(...listFiles(path.join(dir, entry.name), relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

function readVariant(file: string, hash: string, coding: 'br' | 'gzip'): FileVariant | undefined {
  try {
    return { body: fs.readFileSync(file), etag: `"${hash}-${coding === 'br' ? 'br' : 'gz'}"` };
  } catch {
    return undefined;
  }
}

/** Reads a built frontend into memory; files with a precompressed .br/.gz beside them get those as variants. */
function loadTable(dir: string, cacheControl: (name: string) => string): Map<string, StaticFile> {
  const table = new Map<string, StaticFile>();
  const names = listFiles(dir);
  const present = new Set(names);
  for (const name of names) {
    if (KEPT_ON_DISK.test(name)) continue;
    // A precompressed variant belongs to its file; alone (no file beside it) it is an ordinary file.
    if (PRECOMPRESSED.some(({ suffix }) => name.endsWith(suffix) && present.has(name.slice(0, -suffix.length)))) continue;
    const full = path.join(dir, name);
    let stat: fs.Stats;
    let body: Buffer;
    try {
      stat = fs.statSync(full);
      if (stat.size > MAX_FILE_BYTES) continue;
      body = fs.readFileSync(full);
    } catch {
      // Removed while being read: the next check of the folder sees it gone.
      continue;
    }
    const hash = contentHash(body);
    const contentType = mime.contentType(path.extname(name)) || 'application/octet-stream';
    const modifiedMs = Math.floor(stat.mtimeMs / 1000) * 1000;
    const file: StaticFile = {
      contentType,
      cacheControl: cacheControl(name),
      lastModified: new Date(modifiedMs).toUTCString(),
      modifiedMs,
      identity: { body, etag: `"${hash}"` },
      compressOnDemand: false,
      vary: false,
    };
    for (const { suffix, coding } of PRECOMPRESSED) {
      if (present.has(`${name}${suffix}`)) file[coding] = readVariant(`${full}${suffix}`, hash, coding);
    }
    file.compressOnDemand = !file.gzip && body.length >= MIN_COMPRESS_BYTES && COMPRESSIBLE_TYPE.test(contentType);
    file.vary = Boolean(file.br ?? file.gzip) || file.compressOnDemand;
    table.set(name, file);
  }
  return table;
}

/**
 * Starts gzipping a file that came without a .gz (level 9, off the event loop); until it is
 * done the file goes out as it is. Runs once per file.
 */
export function compressInBackground(file: StaticFile): void {
  if (!file.compressOnDemand || file.gzip || file.compressing) return;
  file.compressing = true;
  zlib.gzip(file.identity.body, { level: zlib.constants.Z_BEST_COMPRESSION }, (err, body) => {
    file.compressing = false;
    if (err) {
      // Not worth retrying: the file keeps going out uncompressed.
      file.compressOnDemand = false;
      return;
    }
    file.gzip = { body, etag: `${file.identity.etag.slice(0, -1)}-gz"` };
  });
}

export interface StaticSiteOptions {
  /** How often, at most, the folder is checked for a new build (only when requests come). Default 200 ms. */
  revalidateMs?: number;
  /**
   * Every file is immutable (a published release, whose folder name is its content hash): all
   * are cached for a year and the folder is read once.
   */
  immutable?: boolean;
}

const DEFAULT_REVALIDATE_MS = 200;

/** What identifies the state of a path on disk, or 'none'. */
function fingerprint(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'none';
  }
}

/**
 * A built frontend (a dist folder) held in memory: every file read once, with its type,
 * cache header, ETag and Last-Modified worked out once. A rebuild, a copy of new files or the
 * folder being moved away is noticed within revalidateMs of the next request: the folder, its
 * build stamp and every file that is not content-hashed (index.html, remoteEntry.js,
 * mf-manifest.json: the ones browsers revalidate) are checked with a stat each, and the
 * folder is read again when any of them changed. Idle, it costs nothing.
 */
export class StaticSite {
  private table = new Map<string, StaticFile>();
  private watched: string[] = [];
  private signature = '';
  private checkedAt = -Infinity;
  private readonly revalidateMs: number;
  private readonly cacheControl: (name: string) => string;

  constructor(
    readonly dir: string,
    options: StaticSiteOptions = {},
  ) {
    this.revalidateMs = options.immutable ? Infinity : (options.revalidateMs ?? DEFAULT_REVALIDATE_MS);
    this.cacheControl = options.immutable ? () => IMMUTABLE : cacheControlFor;
    this.revalidate(Date.now());
  }

  /** The file at a relative path ('index.html', 'main.3f2a9c1b.js'), if it is held in memory. */
  lookup(relativePath: string): StaticFile | undefined {
    const now = Date.now();
    if (now - this.checkedAt >= this.revalidateMs) this.revalidate(now);
    return this.table.get(relativePath);
  }

  /** How many files are held. */
  get size(): number {
    return this.table.size;
  }

  private currentSignature(): string {
    return this.watched.map(fingerprint).join('|');
  }

  private revalidate(now: number): void {
    this.checkedAt = now;
    if (this.watched.length > 0 && this.currentSignature() === this.signature) return;
    let table: Map<string, StaticFile>;
    try {
      table = loadTable(this.dir, this.cacheControl);
    } catch {
      // No such folder (not built, or moved away): nothing to serve until it is back.
      table = new Map();
    }
    this.table = table;
    const revalidated = [...table].filter(([, file]) => file.cacheControl !== IMMUTABLE).map(([name]) => path.join(this.dir, name));
    this.watched = [this.dir, path.join(this.dir, '.build-stamp'), ...revalidated];
    this.signature = this.currentSignature();
  }
}
