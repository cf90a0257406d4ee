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
import { BSON, MongoClient } from 'mongodb';
import { DEFAULT_DATA_DIR, FORMAT, MANIFEST_FILE, sha256File, STATE_FILES, timestampName } from './lib/backup-folder';
import { openStudyDatabase, studyDatabases } from './lib/study-database';

const say = (msg) => console.log(`[restore] ${msg}`);
const EJSON_CANONICAL = { relaxed: false };
const BATCH_DOCUMENTS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

class Refused extends Error {}

function readManifest(folder) {
  const file = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new Refused(`${file} is missing: not a backup folder, or a backup that did not finish`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (manifest.format !== FORMAT) throw new Refused(`${file} is of format ${manifest.format}; this restore reads ${FORMAT}`);
  return manifest;
}

/** Every file the manifest names, byte for byte, before anything is written. */
async function checkFiles(folder, manifest) {
  const files = [...manifest.databases.flatMap((d) => d.collections), ...manifest.stateFiles];
  const bad = [];
  for (const f of files) {
    const file = path.join(folder, f.file);
    if (!fs.existsSync(file)) bad.push(`${f.file} is missing`);
    else if (fs.statSync(file).size !== f.bytes || (await sha256File(file)) !== f.sha256) bad.push(`${f.file} does not match its checksum`);
  }
  if (bad.length > 0) throw new Refused(`the backup is damaged, nothing was restored:\n  ${bad.join('\n  ')}`);
}

/** The target's collections that hold documents, as `db.collection (n)`. */
async function nonEmpty(client, databases) {
  const found = [];
  for (const d of databases) {
    const db = client.db(d.target);
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
      const n = await db.collection(name).countDocuments({}, { limit: 1 });
      if (n > 0) found.push(`${d.target}.${name}`);
    }
  }
  return found;
}

async function restoreCollection(db, c, file) {
  // A fresh stack's services make their collections and indexes at start.
  const exists = (await db.listCollections({ name: c.name }, { nameOnly: true }).toArray()).length > 0;
  if (!exists) await db.createCollection(c.name);
  const collection = db.collection(c.name);
  const indexes = BSON.EJSON.deserialize(c.indexes, EJSON_CANONICAL)
    .filter((i) => i.name !== '_id_')
    .map(({ v: _v, ns: _ns, ...spec }) => spec);
  // One at a time: FerretDB 1.24 drops the connection when one command creates several indexes
  // that a fresh stack's service has made already.
  for (const index of indexes) await collection.createIndexes([index]);
  let batch = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length > 0) await collection.insertMany(batch, { ordered: true });
    batch = [];
    batchBytes = 0;
  };
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(BSON.EJSON.parse(line, EJSON_CANONICAL));
    batchBytes += line.length;
    if (batch.length >= BATCH_DOCUMENTS || batchBytes >= BATCH_BYTES) await flush();
  }
  await flush();
  const count = await collection.countDocuments({});
  return count;
}

/** Puts each state file in dataDir; a different file already there is kept beside it. */
function restoreStateFiles(folder, manifest, dataDir) {
  const restored = [];
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

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      'db-prefix': { type: 'string', default: '' },
      'data-dir': { type: 'string', default: DEFAULT_DATA_DIR },
    },
  });
  if (positionals.length !== 1) throw new Refused('give the backup folder: npm run restore -- backups/<time> [--force]');
  const folder = path.resolve(positionals[0]);
  const manifest = readManifest(folder);
  await checkFiles(folder, manifest);
  const targets = new Map(studyDatabases(values['db-prefix']).map((d) => [d.name, d.database]));
  const databases = manifest.databases.map((d) => {
    const target = targets.get(d.name);
    if (!target) throw new Refused(`the backup holds a database for "${d.name}", which this version has no service for`);
    return { ...d, target };
  });

  const where = await openStudyDatabase({ create: true, log: say });
  const client = await MongoClient.connect(where.url, { serverSelectionTimeoutMS: 15_000 });
  try {
    say(`${folder} (made ${manifest.finishedAt}) into ${where.where}`);
    const occupied = await nonEmpty(client, databases);
    if (occupied.length > 0 && !values.force) {
      throw new Refused(
        `refusing to restore over data: ${occupied.join(', ')} hold documents.\n` +
          '  Restore into a fresh stack, or pass --force to drop these databases first (everything in them is lost).',
      );
    }
    if (values.force) {
      for (const d of databases) await client.db(d.target).dropDatabase();
      if (occupied.length > 0) say(`--force: dropped ${databases.map((d) => d.target).join(', ')}`);
    }
    const mismatches = [];
    for (const d of databases) {
      const db = client.db(d.target);
      for (const c of d.collections) {
        const count = await restoreCollection(db, c, path.join(folder, c.file));
        if (count !== c.documents) mismatches.push(`${d.target}.${c.name}: ${count} documents, the manifest says ${c.documents}`);
        say(`${d.target}.${c.name}: ${count} documents, ${c.indexes.length} indexes`);
      }
    }
    if (mismatches.length > 0) throw new Error(`the restored counts differ from the manifest:\n  ${mismatches.join('\n  ')}`);
    const restored = restoreStateFiles(folder, manifest, path.resolve(values['data-dir']));
    const total = databases.reduce((n, d) => n + d.collections.reduce((m, c) => m + c.documents, 0), 0);
    say(`done: ${total} documents, every count as in the manifest${restored.length ? `; restored ${restored.join(', ')}` : ''}`);
    if (where.stackRunning && restored.length > 0) say('npm start is running: stop it and start it again, so that its services use the restored secrets');
  } finally {
    await client.close();
    await where.close();
  }
}

main().catch((err) => {
  console.error(`[restore] ${err instanceof Refused ? '' : 'failed: '}${err.message}`);
  process.exit(1);
});
