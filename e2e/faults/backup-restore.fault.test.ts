// The database lost: 20 participants finish on one stack, `npm run backup` copies it, and
// `npm run restore` puts the copy into a fresh stack (new, empty databases; its own generated
// secrets), which is then restarted as `npm start` would be to read the restored secrets. Every
// participant's POST /api/user answers the same, every report PDF is the same bytes, and every
// stored document and index is the same, byte for byte, a probe of every BSON type FerretDB
// keeps and indexes with options included.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BSON, type Db } from 'mongodb';
import { FaultStack, prepareParticipants, runBurst, SERVICE_NAMES, settleAndCount, StudyClient, verdict } from '../support/fault-lab';
import { SessionJar } from '../support/session-jar';

// Two stacks started, one restarted, 20 participants' journeys, a backup and three restores.
jest.setTimeout(480_000);

const root = path.resolve(__dirname, '../..');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let source: FaultStack | undefined;
let target: FaultStack | undefined;
afterAll(async () => {
  await source?.remove();
  await target?.remove();
});

/** Runs `node scripts/<script> ...args` against the stack's database; answers the exit code and what it printed. */
function runScript(script: string, args: string[], stack: FaultStack): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script), ...args], { cwd: root, env: { ...process.env, MONGO_URL: stack.info.mongoUrl }, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** No event waiting in an outbox or on a service's queue: what the README asks before a backup. */
async function quiesce(stack: FaultStack): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    let waiting = 0;
    for (const service of SERVICE_NAMES) {
      const db = stack.db(service);
      for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) waiting += await db.collection(name).countDocuments({ outboxPending: true });
      waiting += await stack.messageCount(stack.info.queues[service]);
    }
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting} event(s) still waiting a minute after the last participant finished`);
    await sleep(500);
  }
}

/** Every collection's documents as stored (raw BSON, by _id) and its indexes. */
async function stored(db: Db): Promise<Map<string, { documents: Map<string, Buffer>; indexes: unknown[] }>> {
  const out = new Map<string, { documents: Map<string, Buffer>; indexes: unknown[] }>();
  for (const { name } of (await db.listCollections({}, { nameOnly: true }).toArray()).sort((a, b) => a.name.localeCompare(b.name))) {
    const documents = new Map<string, Buffer>();
    for await (const doc of db.collection(name).find({}, { raw: true })) {
      const bytes = Buffer.from(doc as unknown as Uint8Array);
      documents.set(BSON.EJSON.stringify(BSON.deserialize(bytes, { promoteValues: false })._id, { relaxed: false }), bytes);
    }
    const indexes = (await db.collection(name).listIndexes().toArray()).map(({ v: _v, ns: _ns, ...spec }) => spec).sort((a, b) => String(a.name).localeCompare(String(b.name)));
    out.set(name, { documents, indexes });
  }
  return out;
}

/** The participants' sessions, begun on the source stack; the restored secrets keep them valid on the target. */
let sessions: SessionJar | undefined;

async function postUser(stack: FaultStack, pgId: string): Promise<unknown> {
  const res = await fetch(`${stack.info.url}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json', ...sessions?.headersFor(pgId) }, body: JSON.stringify({ pgId }) });
  expect(res.status).toBe(200);
  return res.json();
}

async function reportPdf(stack: FaultStack, pgId: string): Promise<Buffer> {
  const res = await fetch(`${stack.info.url}/api/user/report/${pgId}`, { headers: sessions?.headersFor(pgId) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

test('a backup restored into a fresh stack gives every participant the same data and the same report PDF', async () => {
  source = await FaultStack.start('backup-source');
  const client = new StudyClient({ url: source.info.url, typeFinderWidgetUrl: source.info.typeFinderWidgetUrl }, Date.now() + 240_000);
  sessions = client.sessions;
  const ready = await prepareParticipants(client, 20);
  const run = await runBurst(client, ready, { ratePerSecond: 10, faultAfterMs: 0, faults: async () => undefined });
  const report = await settleAndCount('backup source', source, client, run);
  expect(verdict(report)).toEqual({ lost: [], duplicated: [], failed: [] });
  await quiesce(source);

  // Beside what the services stored: one value of each BSON type FerretDB keeps, and indexes with options.
  const probe = source.db('participants').collection('backup-probe');
  await probe.insertOne({
    _id: new BSON.ObjectId(),
    double: new BSON.Double(1),
    int32: new BSON.Int32(7),
    int64: BSON.Long.fromNumber(2 ** 40),
    string: 'Zoë ✓',
    date: new Date('2026-03-24T02:00:00.123Z'),
    binary: new BSON.Binary(Buffer.from('%PDF-1.7\n\u0000\u00ff', 'latin1')),
    uuid: new BSON.UUID(),
    regex: new BSON.BSONRegExp('^a.c$', 'i'),
    timestamp: new BSON.Timestamp({ t: 1_774_317_600, i: 1 }),
    nested: { array: [new BSON.Double(2.5), null, true, { deep: new BSON.Int32(-1) }] },
  });
  await probe.createIndex({ string: 1 }, { unique: true, name: 'string_unique' });
  await probe.createIndex({ date: -1, int32: 1 }, { name: 'date_desc_int32' });

  const pgIds = run.finished.map((f) => f.pgId);
  const views = new Map<string, unknown>();
  const pdfs = new Map<string, Buffer>();
  for (const pgId of pgIds) {
    views.set(pgId, await postUser(source, pgId));
    pdfs.set(pgId, await reportPdf(source, pgId));
  }
  // A copy the same byte for byte as the count needs no writer meanwhile: the services stop (a
  // scheduled pass, such as the admin rows', could otherwise make or rewrite a collection between
  // the count and the copy). The restored stack is compared with this count and the copy alike.
  for (const service of SERVICE_NAMES) await source.killService(service);
  const before = new Map<string, Awaited<ReturnType<typeof stored>>>();
  for (const service of SERVICE_NAMES) before.set(service, await stored(source.db(service)));

  const folder = path.join(path.dirname(source.info.logDir), 'backup');
  const backup = await runScript('backup.ts', [folder, '--db-prefix', source.info.dbPrefix, '--data-dir', path.dirname(source.info.secretsFile)], source);
  expect(backup).toMatchObject({ code: 0 });
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { databases: { name: string; collections: { name: string; documents: number }[] }[] };
  for (const d of manifest.databases) {
    for (const c of d.collections) expect({ at: `${d.name}.${c.name}`, documents: c.documents }).toEqual({ at: `${d.name}.${c.name}`, documents: before.get(d.name)!.get(c.name)!.documents.size });
  }
  expect(manifest.databases.find((d) => d.name === 'participants')?.collections.map((c) => c.name)).toContain('backup-probe');

  // A fresh stack: its services have made their (empty) collections and indexes, and their own secrets.
  target = await FaultStack.start('backup-target');
  const restoreArgs = [folder, '--db-prefix', target.info.dbPrefix, '--data-dir', path.dirname(target.info.secretsFile)];
  const restore = await runScript('restore.ts', restoreArgs, target);
  // The script's output with the code, so a refusal says why.
  expect({ code: restore.code, output: restore.code === 0 ? '' : restore.output }).toEqual({ code: 0, output: '' });
  expect(fs.readFileSync(target.info.secretsFile)).toEqual(fs.readFileSync(source.info.secretsFile));

  // Over data it refuses, unless told to drop it first.
  const again = await runScript('restore.ts', restoreArgs, target);
  expect(again.code).toBe(1);
  expect(again.output).toContain('refusing to restore over data');
  const forced = await runScript('restore.ts', [...restoreArgs, '--force'], target);
  expect(forced).toMatchObject({ code: 0 });

  for (const service of SERVICE_NAMES) {
    const after = await stored(target.db(service));
    const original = before.get(service)!;
    expect([...after.keys()]).toEqual([...original.keys()]);
    for (const [name, { documents, indexes }] of original) {
      const restored = after.get(name)!;
      expect({ at: `${service}.${name}`, indexes: restored.indexes }).toEqual({ at: `${service}.${name}`, indexes });
      const differing = [...documents].filter(([id, bytes]) => !restored.documents.get(id)?.equals(bytes)).map(([id]) => id);
      expect({ at: `${service}.${name}`, count: restored.documents.size, differing }).toEqual({ at: `${service}.${name}`, count: documents.size, differing: [] });
    }
  }

  await target.restart();
  for (const pgId of pgIds) {
    expect({ pgId, view: await postUser(target, pgId) }).toEqual({ pgId, view: views.get(pgId) });
    const pdf = await reportPdf(target, pgId);
    expect({ pgId, pdfIdentical: pdf.equals(pdfs.get(pgId)!) }).toEqual({ pgId, pdfIdentical: true });
  }
});
