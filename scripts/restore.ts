// `npm run restore -- <folder> [--force] [--db-prefix <p>] [--data-dir <dir>]`: puts a backup made
// by scripts/backup.ts back: checks every file against the manifest first, refuses databases that
// hold documents (unless --force, which drops them), recreates the collections with their indexes,
// inserts every document with its exact types, checks the counts, and puts the secrets back.
// Works with or without `npm start` running (study-database.ts); its services read the restored
// secrets only when they start, so a running `npm start` is to be restarted afterwards.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { type Db, type Document, MongoClient } from 'mongodb';
import {
  type BackupManifest,
  checkFiles,
  type CollectionEntry,
  countMismatches,
  defaultDataDir,
  indexesToRestore,
  manifestTotals,
  parseDocumentLine,
  readManifest,
  Refused,
  refuseOverData,
  restoreTargets,
  type RestoreTarget,
  STATE_FILES,
  timestampName,
} from './lib/backup-folder';
import { root } from './lib/repo-root';
import { openStudyDatabase, studyDatabases } from './lib/study-database';

const say = (msg: string): void => console.log(`[restore] ${msg}`);
const BATCH_DOCUMENTS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

/** The target's collections that hold documents, as `db.collection`. */
async function nonEmpty(client: MongoClient, databases: RestoreTarget[]): Promise<string[]> {
  const found: string[] = [];
  for (const d of databases) {
    const db = client.db(d.target);
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
      const n = await db.collection(name).countDocuments({}, { limit: 1 });
      if (n > 0) found.push(`${d.target}.${name}`);
    }
  }
  return found;
}

async function restoreCollection(db: Db, c: CollectionEntry, file: string): Promise<number> {
  // A fresh stack's services make their collections and indexes at start.
  const exists = (await db.listCollections({ name: c.name }, { nameOnly: true }).toArray()).length > 0;
  if (!exists) await db.createCollection(c.name);
  const collection = db.collection(c.name);
  // One at a time: FerretDB 1.24 drops the connection when one command creates several indexes
  // that a fresh stack's service has made already.
  for (const index of indexesToRestore(c.indexes)) await collection.createIndexes([index]);
  let batch: Document[] = [];
  let batchBytes = 0;
  const flush = async (): Promise<void> => {
    if (batch.length > 0) await collection.insertMany(batch, { ordered: true });
    batch = [];
    batchBytes = 0;
  };
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(parseDocumentLine(line));
    batchBytes += line.length;
    if (batch.length >= BATCH_DOCUMENTS || batchBytes >= BATCH_BYTES) await flush();
  }
  await flush();
  const count = await collection.countDocuments({});
  return count;
}

/** Puts each state file in dataDir; a different file already there is kept beside it. */
function restoreStateFiles(folder: string, manifest: BackupManifest, dataDir: string): string[] {
  const restored: string[] = [];
  fs.mkdirSync(dataDir, { recursive: true });
  for (const f of manifest.stateFiles) {
    if (!STATE_FILES.some((s) => s.file === f.restoreAs)) continue;
    const to = path.join(dataDir, f.restoreAs);
    const from = path.join(folder, f.file);
    if (fs.existsSync(to)) {
      if (fs.readFileSync(to).equals(fs.readFileSync(from))) continue;
      const kept = `${to}.replaced-${timestampName()}`;
      fs.renameSync(to, kept);
      say(`${to} differed from the backup's; the old one is kept as ${kept}`);
    }
    fs.copyFileSync(from, to);
    fs.chmodSync(to, 0o600);
    restored.push(to);
  }
  return restored;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      'db-prefix': { type: 'string', default: '' },
      'data-dir': { type: 'string', default: defaultDataDir(root) },
    },
  });
  const [given] = positionals;
  if (given === undefined || positionals.length !== 1) throw new Refused('give the backup folder: npm run restore -- backups/<time> [--force]');
  const folder = path.resolve(given);
  const manifest = readManifest(folder);
  await checkFiles(folder, manifest);
  const databases = restoreTargets(manifest, studyDatabases(values['db-prefix']));

  const where = await openStudyDatabase({ create: true, log: say });
  const client = await MongoClient.connect(where.url, { serverSelectionTimeoutMS: 15_000 });
  try {
    say(`${folder} (made ${manifest.finishedAt}) into ${where.where}`);
    const occupied = await nonEmpty(client, databases);
    refuseOverData(occupied, values.force);
    if (values.force) {
      for (const d of databases) await client.db(d.target).dropDatabase();
      if (occupied.length > 0) say(`--force: dropped ${databases.map((d) => d.target).join(', ')}`);
    }
    const counted: { target: string; collection: CollectionEntry; count: number }[] = [];
    for (const d of databases) {
      const db = client.db(d.target);
      for (const c of d.collections) {
        const count = await restoreCollection(db, c, path.join(folder, c.file));
        counted.push({ target: d.target, collection: c, count });
        say(`${d.target}.${c.name}: ${count} documents, ${c.indexes.length} indexes`);
      }
    }
    const mismatches = countMismatches(counted);
    if (mismatches.length > 0) throw new Error(`the restored counts differ from the manifest:\n  ${mismatches.join('\n  ')}`);
    const restored = restoreStateFiles(folder, manifest, path.resolve(values['data-dir']));
    const total = manifestTotals({ databases }).documents;
    say(`done: ${total} documents, every count as in the manifest${restored.length ? `; restored ${restored.join(', ')}` : ''}`);
    if (where.stackRunning && restored.length > 0) say('npm start is running: stop it and start it again, so that its services use the restored secrets');
  } finally {
    await client.close();
    await where.close();
  }
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`[restore] ${err instanceof Refused ? '' : 'failed: '}${message}`);
  process.exit(1);
});
