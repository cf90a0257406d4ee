// Measures FerretDB 1.24's SQLite and PostgreSQL backends side by side, at 100, 1,000 and 6,000
// documents shaped like svc-participants' participants: a lookup by _id, an equality query on an
// indexed top-level field, the outbox relay's queries (the old `outbox.0 $exists` scan and the
// indexed `outboxPending: true` sweep), what each plan says (explain), and the CPU that
// FerretDB (and, for PostgreSQL, its server processes) spend while three relays poll the old way.
// `node scripts/run.mjs scripts/measure-db-backends.ts`; needs .tools/bin/ferretdb and a local PostgreSQL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { type Document, MongoClient } from 'mongodb';
import { startFerret } from './lib/ferretdb';
import { freePort } from './lib/local-services';
import { createPgDatabase, dropPgDatabase, pgAdminUrl } from './lib/postgres';

const SIZES = (process.env.SIZES || '100,1000,6000').split(',').map(Number);
const REPEAT = Number(process.env.REPEAT || 10);
// SKIP_OLD=1 leaves out the old relay query (`outbox.0 $exists`), which FerretDB answers by reading every document.
const SKIP_OLD = process.env.SKIP_OLD === '1';
const CLK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

type Backend = 'sqlite' | 'pg-plain' | 'pg';
/** One line of the results: a figure per column, or a text (the backend, a plan). */
type ResultRow = Record<string, string | number>;

interface Participant {
  _id: string;
  email: string;
  consent: boolean;
  surveys: { typeFinder: { id: string; status: string; index: number; answers: { q: number; a: number }[] } };
  openHumans: { memberId: string };
  outbox: { id: string }[];
  outboxPending?: boolean;
  createdAt: Date;
}

/** The list's item at i, which the caller knows is there. */
function itemAt<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`no item ${i} of ${items.length}`);
  return item;
}

function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command's name: utime and stime are the 14th and 15th of the line.
      const afterName = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1];
      if (afterName === undefined) continue;
      const fields = afterName.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return ticks / CLK;
}

function pgBackendPids(dbName: string): number[] {
  const out = execFileSync('psql', [pgAdminUrl(), '-tA', '-c', `select pid from pg_stat_activity where datname = '${dbName}'`], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map(Number);
}

function participant(i: number): Participant {
  const id = randomUUID();
  return {
    _id: id,
    email: `${id}@study.localhost`,
    consent: true,
    surveys: { typeFinder: { id: 'typeFinder', status: 'completed', index: 0, answers: Array.from({ length: 40 }, (_, k) => ({ q: k, a: (i + k) % 5 })) } },
    openHumans: { memberId: String(10_000_000 + i) },
    outbox: [],
    createdAt: new Date(),
  };
}

async function median(fn: (i: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return itemAt(times, Math.floor(times.length / 2));
}

/** FerretDB's CPU (and the database server's) per call, over REPEAT calls. */
async function cpuPerCall(pids: () => number[], fn: (i: number) => Promise<unknown>): Promise<number> {
  const before = cpuSeconds(pids());
  for (let i = 0; i < REPEAT; i++) await fn(i);
  return ((cpuSeconds(pids()) - before) * 1000) / REPEAT;
}

function planSummary(explained: Document): string {
  const qp: unknown = explained.queryPlanner ?? {};
  const text = JSON.stringify(qp);
  const uses = /Index (Only )?Scan|Bitmap Index Scan/.exec(text)?.[0] ?? (/Seq Scan/.test(text) ? 'Seq Scan' : /SCAN|SEARCH[^"]*/.exec(text)?.[0] ?? '?');
  return `${uses}; pushdown=${explained.filterPushdown ?? explained.pushdown ?? '?'}`;
}

async function measureBackend(kind: Backend): Promise<void> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ferret-${kind}-`));
  const pgDb = `measure_${kind.replace('-', '_')}_${process.pid}`;
  const handler: 'sqlite' | 'pg' = kind === 'sqlite' ? 'sqlite' : 'pg';
  // 'pg-plain': FerretDB's own indexes only; 'pg': with the GIN twins the embedded stack adds.
  if (handler === 'pg') await createPgDatabase(pgDb, { indexTwins: kind === 'pg' });
  const ferret = await startFerret({ port, dataDir, handler, pgDatabase: pgDb, logFile: path.join(dataDir, 'ferretdb.log') });
  const client = new MongoClient(ferret.url, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  const ferretPids: number[] = ferret.child.pid === undefined ? [] : [ferret.child.pid];
  const pids = (): number[] => (handler === 'pg' ? [...ferretPids, ...pgBackendPids(pgDb)] : ferretPids);
  let lastSweepCpuMs = 0;
  const report = (row: ResultRow): void => {
    const sweepCpuMs = row['sweep CPU ms/call'];
    if (typeof sweepCpuMs === 'number') lastSweepCpuMs = sweepCpuMs;
    console.log(JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, round(v)]))));
  };
  try {
    for (const size of SIZES) {
      const db = client.db(`m${size}`);
      const coll = db.collection<Participant>('participants');
      await coll.createIndex({ email: 1 }, { unique: true });
      await coll.createIndex({ outboxPending: 1 });
      const docs = Array.from({ length: size }, (_, i) => participant(i));
      for (let i = 0; i < docs.length; i += 500) await coll.insertMany(docs.slice(i, i + 500));
      // Two documents with a pending event, as the relay would find them.
      await coll.updateMany({ _id: { $in: [itemAt(docs, 0)._id, itemAt(docs, size - 1)._id] } }, { $set: { outboxPending: true, outbox: [{ id: 'e1' }] } });
      const pick = (i: number): Participant => itemAt(docs, (i * 7919) % size);
      const byId = (i: number) => coll.findOne({ _id: pick(i)._id });
      const byEmail = (i: number) => coll.findOne({ email: pick(i).email });
      const oldRelay = () => coll.find({ 'outbox.0': { $exists: true } }, { projection: { _id: 1 } }).limit(100).toArray();
      const sweep = () => coll.find({ outboxPending: true }, { projection: { _id: 1 } }).limit(100).toArray();
      const found = (await sweep()).length;
      if (found !== 2 || (!SKIP_OLD && (await oldRelay()).length !== 2)) throw new Error(`the relay queries found ${found} documents, not 2`);
      const explain = async (filter: Document): Promise<string> => planSummary(await db.command({ explain: { find: 'participants', filter }, verbosity: 'queryPlanner' }));
      report({
        backend: kind,
        docs: size,
        'findOne _id ms': await median(byId),
        'findOne email ms': await median(byEmail),
        ...(SKIP_OLD ? {} : { 'old relay query ms': await median(oldRelay) }),
        'indexed sweep ms': await median(sweep),
        ...(SKIP_OLD ? {} : { 'old relay CPU ms/call': await cpuPerCall(pids, oldRelay) }),
        'sweep CPU ms/call': await cpuPerCall(pids, sweep),
        '_id CPU ms/call': await cpuPerCall(pids, byId),
        'plan _id': await explain({ _id: pick(1)._id }),
        'plan email': await explain({ email: pick(1).email }),
        'plan sweep': await explain({ outboxPending: true }),
      });
    }
    if (SKIP_OLD) return;
    // Idle with relays running: three services each polling the old query every 250 ms (6,000 documents).
    const largest = itemAt(SIZES, SIZES.length - 1);
    const coll = client.db(`m${largest}`).collection<Participant>('participants');
    const idleSeconds = 10;
    const before = cpuSeconds(pids());
    const until = Date.now() + idleSeconds * 1000;
    await Promise.all(
      [0, 1, 2].map(async () => {
        while (Date.now() < until) {
          await coll.find({ 'outbox.0': { $exists: true } }, { projection: { _id: 1 } }).limit(100).toArray();
          await new Promise((r) => setTimeout(r, 250));
        }
      }),
    );
    const oldIdle = (cpuSeconds(pids()) - before) / idleSeconds;
    // The same three relays after the change: a sweep every 30 s, so about none in 10 s; shown as one sweep each per 30 s.
    const sweepCpu = lastSweepCpuMs / 1000;
    report({ backend: kind, docs: largest, 'idle cores, 3 relays polling 250 ms': oldIdle, 'idle cores, 3 relays sweeping every 30 s': (3 * sweepCpu) / 30 });
  } finally {
    await client.close();
    await new Promise<void>((resolve) => {
      ferret.child.once('exit', () => resolve());
      ferret.child.kill('SIGTERM');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (handler === 'pg') await dropPgDatabase(pgDb);
  }
}

const round = (v: string | number): string | number => (typeof v === 'number' ? Math.round(v * 100) / 100 : v);

function isBackend(name: string): name is Backend {
  return name === 'sqlite' || name === 'pg-plain' || name === 'pg';
}

const backends = (process.env.BACKENDS || 'sqlite,pg-plain,pg').split(',').map((name) => {
  if (!isBackend(name)) throw new Error(`BACKENDS: unknown backend ${name} (sqlite, pg-plain, pg)`);
  return name;
});
for (const kind of backends) {
  await measureBackend(kind);
}
