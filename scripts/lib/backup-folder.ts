// What a backup folder holds and how it is laid out; shared by scripts/backup.ts and
// scripts/restore.ts. Pure apart from reading files (no import.meta: the unit tests load it).
//
//   manifest.json                       written last: versions, per collection its count, indexes, file, SHA-256
//   <db>/<collection>.ejson             one document a line, MongoDB Extended JSON v2, canonical mode
//   state/secrets.json                  the embedded stack's generated secrets (mode 0600)
//   state/open-humans-standin.json      the Open Humans stand-in's members and tokens, when present
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BSON, type Document, type IndexDescription } from 'mongodb';

export const MANIFEST_FILE = 'manifest.json';
export const FORMAT = 'study-backup/1';

/** Where `npm start` keeps its generated secrets and the stand-in's state (stack.ts: beside dataDir). */
export function defaultDataDir(root: string): string {
  return path.join(root, '.data');
}

export interface StateFileKind {
  /** The file's name in the data folder (and, under state/, in the backup). */
  file: string;
  /** A backup without it says so: the restored tokens could not be read. */
  required: boolean;
  secret: boolean;
}

/**
 * Files of the embedded stack kept beside its databases. Without secrets.json the restored
 * Open Humans tokens cannot be decrypted and the admin key and webhook secrets change.
 */
export const STATE_FILES: readonly StateFileKind[] = [
  { file: 'secrets.json', required: true, secret: true },
  // Only the local stand-in knows the tokens it issued: without it, stored tokens are refused.
  { file: 'open-humans-standin.json', required: false, secret: true },
];

/** Secrets the environment may set, overriding the secrets file: a backup cannot hold them. */
export const SECRET_ENVIRONMENT = ['TOKEN_ENCRYPTION_KEY', 'ADMIN_MASTER_KEY', 'OH_CLIENT_SECRET', 'OH_WEBHOOK_SECRET', 'TYPEFINDER_WEBHOOK_SECRET', 'OH_MASTER_ACCESS_TOKEN'] as const;

/** The secrets of SECRET_ENVIRONMENT that `env` sets (non-empty). */
export function overriddenSecrets(env: NodeJS.ProcessEnv): string[] {
  return SECRET_ENVIRONMENT.filter((name) => env[name]);
}

/** One file the manifest names, with what it must be byte for byte. */
export interface CheckedFile {
  /** Relative to the backup folder. */
  file: string;
  bytes: number;
  sha256: string;
}

export interface CollectionEntry extends CheckedFile {
  name: string;
  documents: number;
  /** Documents whose events were not yet published when they were copied. */
  pendingEvents: number;
  /** listIndexes' answer, each index in canonical Extended JSON (as plain JSON values). */
  indexes: unknown[];
}

export interface DatabaseEntry {
  /** The service that owns the database, as `svc-<name>`. */
  service: string;
  /** The service's short name (participants, scoring, reports): what a restore matches on. */
  name: string;
  /** The database's name where it was copied from (with the source's prefix). */
  database: string;
  collections: CollectionEntry[];
}

export interface StateFileEntry extends CheckedFile {
  /** The file's name in the data folder it is restored into. */
  restoreAs: string;
}

/** What made the backup; for the reader (a restore does not depend on them), so each may be unknown. */
export interface ManifestVersions {
  study: string | null;
  commit: string | null;
  node: string | null;
  mongodbDriver: string | null;
  server: string | null;
  ferretdb: string | null;
}

export interface BackupManifest {
  format: typeof FORMAT;
  startedAt: string;
  finishedAt: string;
  /** Where the databases were read (study-database.ts's `where`). */
  source: string;
  versions: ManifestVersions;
  databases: DatabaseEntry[];
  stateFiles: StateFileEntry[];
}

/** A restore that stops before writing anything, for a reason the user can act on (printed without "failed:"). */
export class Refused extends Error {}

/** The backup file of one collection, relative to the folder (names made safe for any file system). */
export function collectionFile(db: string, collection: string): string {
  return path.join(encodeURIComponent(db), `${encodeURIComponent(collection)}.ejson`);
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** A UTC time usable as a file name on any system: 2026-03-24T02-00-00Z. */
export function timestampName(date: Date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

const EJSON_CANONICAL = { relaxed: false } as const;

/** One document as its backup line: canonical Extended JSON, so every BSON type comes back as it was. */
export function documentLine(doc: Document): string {
  return `${BSON.EJSON.stringify(doc, EJSON_CANONICAL)}\n`;
}

/** A backup line back into the document it was (Int32, Double and Int64 stay themselves). */
export function parseDocumentLine(line: string): Document {
  const doc: unknown = BSON.EJSON.parse(line, EJSON_CANONICAL);
  if (!isRecord(doc)) throw new Error(`not a document: ${line.slice(0, 80)}`);
  return doc;
}

/** listIndexes' answer as the manifest keeps it. */
export function serializeIndexes(indexes: Document[]): unknown[] {
  return indexes.map((index) => BSON.EJSON.serialize(index, EJSON_CANONICAL));
}

/** The manifest's indexes as createIndexes takes them: without _id's (every collection has it) and without the server's own fields. */
export function indexesToRestore(indexes: unknown[]): IndexDescription[] {
  return indexes
    .map((index): Document => {
      if (!isRecord(index)) throw new Error(`an index in the manifest is not an object: ${JSON.stringify(index)}`);
      return BSON.EJSON.deserialize(index, EJSON_CANONICAL);
    })
    .filter((index) => index.name !== '_id_')
    .map(({ v: _v, ns: _ns, ...spec }) => {
      if (!isRecord(spec.key)) throw new Error(`the index ${String(spec.name)} in the manifest has no key`);
      // listIndexes' fields (key, name, unique, ...) are createIndexes' options of the same names.
      return spec as IndexDescription;
    });
}

/** The collections of a database to copy, from listCollections: plain collections (no views, no system.*), by name. */
export function collectionsToCopy(listed: { name: string; type?: string }[]): string[] {
  return listed
    .filter((c) => (c.type ?? 'collection') === 'collection' && !c.name.startsWith('system.'))
    .map((c) => c.name)
    .sort();
}

/** Every file the manifest names, collections first. */
export function manifestFiles(manifest: BackupManifest): CheckedFile[] {
  return [...manifest.databases.flatMap((d) => d.collections), ...manifest.stateFiles];
}

/** Documents in the backup, and those of them holding events not yet published. */
export function manifestTotals(manifest: Pick<BackupManifest, 'databases'>): { documents: number; pendingEvents: number } {
  let documents = 0;
  let pendingEvents = 0;
  for (const c of manifest.databases.flatMap((d) => d.collections)) {
    documents += c.documents;
    pendingEvents += c.pendingEvents;
  }
  return { documents, pendingEvents };
}

/** A manifest file's text, checked: its format first (another format is refused by name), then every field a restore reads. */
export function parseManifest(text: string, file: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Refused(`${file} is not JSON (${err instanceof Error ? err.message : String(err)}): not a backup manifest`);
  }
  if (!isRecord(json)) throw new Refused(`${file} is not a backup manifest`);
  if (json.format !== FORMAT) throw new Refused(`${file} is of format ${String(json.format)}; this restore reads ${FORMAT}`);
  const at = (where: string, problem: string) => new Refused(`${file} is damaged: ${where} ${problem}`);
  const read = new FieldReader(at);
  const versions = read.record(json, 'versions', 'manifest');
  return {
    format: FORMAT,
    startedAt: read.string(json, 'startedAt', 'manifest'),
    finishedAt: read.string(json, 'finishedAt', 'manifest'),
    source: read.string(json, 'source', 'manifest'),
    versions: {
      study: read.stringOrNull(versions, 'study', 'versions'),
      commit: read.stringOrNull(versions, 'commit', 'versions'),
      node: read.stringOrNull(versions, 'node', 'versions'),
      mongodbDriver: read.stringOrNull(versions, 'mongodbDriver', 'versions'),
      server: read.stringOrNull(versions, 'server', 'versions'),
      ferretdb: read.stringOrNull(versions, 'ferretdb', 'versions'),
    },
    databases: read.array(json, 'databases', 'manifest').map((d, i) => {
      const where = `databases[${i}]`;
      if (!isRecord(d)) throw at(where, 'is not an object');
      return {
        service: read.string(d, 'service', where),
        name: read.string(d, 'name', where),
        database: read.string(d, 'database', where),
        collections: read.array(d, 'collections', where).map((c, j) => {
          const cwhere = `${where}.collections[${j}]`;
          if (!isRecord(c)) throw at(cwhere, 'is not an object');
          return {
            name: read.string(c, 'name', cwhere),
            file: read.string(c, 'file', cwhere),
            documents: read.number(c, 'documents', cwhere),
            bytes: read.number(c, 'bytes', cwhere),
            sha256: read.string(c, 'sha256', cwhere),
            pendingEvents: read.number(c, 'pendingEvents', cwhere),
            indexes: read.array(c, 'indexes', cwhere).map((index, k) => {
              if (!isRecord(index) || !isRecord(index.key)) throw at(`${cwhere}.indexes[${k}]`, 'is not an index with a key');
              return index;
            }),
          };
        }),
      };
    }),
    stateFiles: read.array(json, 'stateFiles', 'manifest').map((f, i) => {
      const where = `stateFiles[${i}]`;
      if (!isRecord(f)) throw at(where, 'is not an object');
      return { file: read.string(f, 'file', where), restoreAs: read.string(f, 'restoreAs', where), bytes: read.number(f, 'bytes', where), sha256: read.string(f, 'sha256', where) };
    }),
  };
}

/** The folder's manifest; a folder without one is not a backup, or one that did not finish (the manifest is written last). */
export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new Refused(`${file} is missing: not a backup folder, or a backup that did not finish`);
  return parseManifest(fs.readFileSync(file, 'utf8'), file);
}

/** What is wrong with each file the manifest names (missing, or other bytes than it says); empty when all match. */
export async function damagedFiles(folder: string, manifest: BackupManifest): Promise<string[]> {
  const bad: string[] = [];
  for (const f of manifestFiles(manifest)) {
    const file = path.join(folder, f.file);
    if (!fs.existsSync(file)) bad.push(`${f.file} is missing`);
    else if (fs.statSync(file).size !== f.bytes || (await sha256File(file)) !== f.sha256) bad.push(`${f.file} does not match its checksum`);
  }
  return bad;
}

/** Every file the manifest names, byte for byte, before anything is written. */
export async function checkFiles(folder: string, manifest: BackupManifest): Promise<void> {
  const bad = await damagedFiles(folder, manifest);
  if (bad.length > 0) throw new Refused(`the backup is damaged, nothing was restored:\n  ${bad.join('\n  ')}`);
}

export interface RestoreTarget extends DatabaseEntry {
  /** The database the collections go into (this stack's name for the service's database). */
  target: string;
}

/** Each database of the backup with the database of this version's service of the same name; a service this version lacks is refused. */
export function restoreTargets(manifest: Pick<BackupManifest, 'databases'>, services: readonly { name: string; database: string }[]): RestoreTarget[] {
  const targets = new Map(services.map((d) => [d.name, d.database]));
  return manifest.databases.map((d) => {
    const target = targets.get(d.name);
    if (!target) throw new Refused(`the backup holds a database for "${d.name}", which this version has no service for`);
    return { ...d, target };
  });
}

/** Restoring over documents is refused unless forced; `occupied` names the collections that hold some. */
export function refuseOverData(occupied: string[], force: boolean): void {
  if (occupied.length > 0 && !force) {
    throw new Refused(
      `refusing to restore over data: ${occupied.join(', ')} hold documents.\n` +
        '  Restore into a fresh stack, or pass --force to drop these databases first (everything in them is lost).',
    );
  }
}

/** The collections whose restored count differs from the manifest's, as sentences. */
export function countMismatches(counted: { target: string; collection: CollectionEntry; count: number }[]): string[] {
  return counted.filter((c) => c.count !== c.collection.documents).map((c) => `${c.target}.${c.collection.name}: ${c.count} documents, the manifest says ${c.collection.documents}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads typed fields of a parsed manifest, refusing with where the field is. */
class FieldReader {
  constructor(private readonly at: (where: string, problem: string) => Refused) {}

  string(o: Record<string, unknown>, key: string, where: string): string {
    const v = o[key];
    if (typeof v !== 'string') throw this.at(where, `has no text "${key}"`);
    return v;
  }

  stringOrNull(o: Record<string, unknown>, key: string, where: string): string | null {
    const v = o[key];
    if (v === null || v === undefined) return null;
    if (typeof v !== 'string') throw this.at(where, `has no text "${key}"`);
    return v;
  }

  number(o: Record<string, unknown>, key: string, where: string): number {
    const v = o[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw this.at(where, `has no number "${key}"`);
    return v;
  }

  array(o: Record<string, unknown>, key: string, where: string): unknown[] {
    const v = o[key];
    if (!Array.isArray(v)) throw this.at(where, `has no list "${key}"`);
    return v;
  }

  record(o: Record<string, unknown>, key: string, where: string): Record<string, unknown> {
    const v = o[key];
    if (!isRecord(v)) throw this.at(where, `has no object "${key}"`);
    return v;
  }
}
