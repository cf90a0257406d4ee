// `npm run backup [-- <folder>] [--db-prefix <p>] [--data-dir <dir>]`: copies every service's
// database (every collection, every document with its exact BSON types, the indexes) and the
// embedded stack's secrets into a new folder (default backups/<UTC time>), with a manifest of
// counts, checksums and versions. Works with or without `npm start` running (study-database.ts).
// Consistency: see README.md, "Backup and restore".
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Collection, type FindOptions, MongoClient } from 'mongodb';
import {
  type BackupManifest,
  collectionFile,
  type CollectionEntry,
  collectionsToCopy,
  type DatabaseEntry,
  defaultDataDir,
  documentLine,
  FORMAT,
  MANIFEST_FILE,
  manifestTotals,
  overriddenSecrets,
  serializeIndexes,
  sha256File,
  STATE_FILES,
  type StateFileEntry,
  timestampName,
} from './lib/backup-folder';
import { root } from './lib/repo-root';
import { openStudyDatabase, studyDatabases } from './lib/study-database';

const say = (msg: string): void => console.log(`[backup] ${msg}`);

// The stored types as they are: Int32, Double and Int64 stay themselves instead of becoming
// JavaScript numbers (a double 1.0 would otherwise come back as the int32 1).
const RAW_TYPES: FindOptions = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true };

/** Writes the collection's documents, one canonical Extended JSON line each; answers count, bytes, SHA-256. */
async function dumpCollection(collection: Collection, file: string): Promise<{ documents: number; bytes: number; sha256: string }> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const hash = createHash('sha256');
  let documents = 0;
  let bytes = 0;
  for await (const doc of collection.find({}, { ...RAW_TYPES, batchSize: 500 })) {
    const line = Buffer.from(documentLine(doc), 'utf8');
    hash.update(line);
    bytes += line.length;
    documents += 1;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { documents, bytes, sha256: hash.digest('hex') };
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Copies the stack's state files that exist; a missing secrets file is said, not fatal (a MONGO_URL deployment may keep its secrets elsewhere). */
async function copyStateFiles(dataDir: string, folder: string): Promise<StateFileEntry[]> {
  const copied: StateFileEntry[] = [];
  for (const { file, required } of STATE_FILES) {
    const from = path.join(dataDir, file);
    if (!fs.existsSync(from)) {
      if (required) say(`WARNING: no ${from}: the backup holds no secrets; keep TOKEN_ENCRYPTION_KEY and the other secrets of this deployment with it, or the stored Open Humans tokens cannot be read after a restore`);
      continue;
    }
    const to = path.join(folder, 'state', file);
    fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
    fs.copyFileSync(from, to);
    fs.chmodSync(to, 0o600);
    copied.push({ file: path.join('state', file), restoreAs: file, bytes: fs.statSync(to).size, sha256: await sha256File(to) });
  }
  const overridden = overriddenSecrets(process.env);
  if (overridden.length > 0) say(`WARNING: ${overridden.join(', ')} set in this environment override the secrets file; keep their values with the backup`);
  return copied;
}

/** A package's version from its package.json. */
function packageVersion(file: string): string | null {
  const json: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  return typeof json === 'object' && json !== null && 'version' in json && typeof json.version === 'string' ? json.version : null;
}

/** A text field of the server's buildInfo, when it is one. */
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'db-prefix': { type: 'string', default: '' }, 'data-dir': { type: 'string', default: defaultDataDir(root) } },
  });
  if (positionals.length > 1) throw new Error('give at most one folder to write the backup into');
  const startedAt = new Date();
  const folder = path.resolve(positionals[0] ?? path.join(root, 'backups', timestampName(startedAt)));
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) throw new Error(`${folder} exists and is not empty: give a new folder`);

  const target = await openStudyDatabase({ create: false, log: say });
  const client = await MongoClient.connect(target.url, { serverSelectionTimeoutMS: 15_000 });
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    say(`from ${target.where} into ${folder}`);
    const buildInfo = await client.db('admin').command({ buildInfo: 1 });
    const databases: DatabaseEntry[] = [];
    for (const d of studyDatabases(values['db-prefix'])) {
      const db = client.db(d.database);
      const names = collectionsToCopy(await db.listCollections({}, { nameOnly: true }).toArray());
      const collections: CollectionEntry[] = [];
      for (const name of names) {
        const collection = db.collection(name);
        const indexes = await collection.listIndexes().toArray();
        const file = collectionFile(d.name, name);
        const dumped = await dumpCollection(collection, path.join(folder, file));
        // Documents whose events were not yet published when they were copied: a restore publishes them again (README).
        const pendingEvents = indexes.some((i) => i.name === 'outboxPending_1') ? await collection.countDocuments({ outboxPending: true }) : 0;
        collections.push({ name, file, ...dumped, pendingEvents, indexes: serializeIndexes(indexes) });
        say(`${d.database}.${name}: ${dumped.documents} documents, ${indexes.length} indexes`);
      }
      databases.push({ service: d.service, name: d.name, database: d.database, collections });
    }
    const stateFiles = await copyStateFiles(path.resolve(values['data-dir']), folder);
    const manifest: BackupManifest = {
      format: FORMAT,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      source: target.where,
      versions: {
        study: packageVersion(path.join(root, 'package.json')),
        commit: gitCommit(),
        node: process.version,
        mongodbDriver: packageVersion(path.join(root, 'node_modules', 'mongodb', 'package.json')),
        server: textOrNull(buildInfo.version),
        ferretdb: textOrNull(buildInfo.ferretdbVersion) ?? textOrNull(buildInfo.ferretdb?.version),
      },
      databases,
      stateFiles,
    };
    // Written last: a folder without a manifest is an unfinished backup and restore refuses it.
    fs.writeFileSync(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const { documents: total, pendingEvents: pending } = manifestTotals(manifest);
    say(`done: ${total} documents in ${databases.length} databases${stateFiles.length ? `, ${stateFiles.map((f) => f.restoreAs).join(' and ')}` : ''}`);
    if (pending > 0) say(`note: ${pending} document(s) held events not yet published; a restore publishes them (consumers skip what they handled)`);
    if (stateFiles.some((f) => f.restoreAs === 'secrets.json')) say('the backup holds the stack\'s secrets (state/): keep it as safe as the secrets themselves');
  } catch (err) {
    // No half backups: a folder is either complete with its manifest or not there.
    fs.rmSync(folder, { recursive: true, force: true });
    throw err;
  } finally {
    await client.close();
    await target.close();
  }
}

main().catch((err: unknown) => {
  console.error(`[backup] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
