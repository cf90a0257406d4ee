// `npm run bench`: the admin tools at the study's full size. Starts the whole system on free
// ports with its own database (a fresh FerretDB unless MONGO_URL is set), exchange and queues,
// creates 6,000 participants directly in the database, then times through the gateway: the
// upload of 6,000 MBTI rows, the same upload again, the statistics download, the roster and the
// enrollment figures. Prints rows, seconds, rows/s and bytes; stops everything it started.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg) => console.log(`[bench] ${msg}`);

const PARTICIPANTS = 6000;
const TYPES = ['ESTP', 'ISTP', 'ESFP', 'ISFP', 'ESTJ', 'ISTJ', 'ESFJ', 'ISFJ', 'ENTJ', 'INTJ', 'ENTP', 'INTP', 'ENFJ', 'INFJ', 'ENFP', 'INFP'];

/** A participant document as svc-participants stores it: consented through Open Humans, some surveys done. */
function participantDocument(pgId, i, now) {
  const type = TYPES[i % TYPES.length];
  const done = (id, extra = {}) => ({ id, status: 'completed', index: 0, answers: [], ...extra });
  const progress = i % 4; // 0: nothing yet, 1: TypeFinder, 2: + Nardi, 3: all three and a final type
  return {
    _id: pgId,
    consent: true,
    dataReady: false,
    snpFileUploaded: i % 3 !== 0,
    surveys: {
      ...(progress >= 1 ? { typeFinder: done('typeFinder', { typeCode: type }) } : {}),
      ...(progress >= 2 ? { nardi: done('nardi', { typeCode: type, consistency: i % 11 }) } : {}),
      ...(progress >= 3 ? { selfAssessment: done('selfAssessment', { typeCode: type }) } : {}),
    },
    finalScore: progress >= 3 ? { typeCode: type, computedAt: now.toISOString() } : null,
    finalScoreVersion: progress >= 3 ? 1 : 0,
    finalReport: null,
    surveysResetAt: null,
    openHumans: { memberId: String(10_000_000 + i) },
    consentedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

function mbtiRow(i) {
  const base = i % 30;
  return { wholeType: TYPES[(i * 7) % TYPES.length], pci1: base, pci2: base + 1, pci3: base + 2, pci4: base + 3, dpref1: base + 4, dpref2: base + 5, dpref3: base + 6, dpref4: base + 7 };
}

async function timed(fn) {
  const started = process.hrtime.bigint();
  const value = await fn();
  return { value, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Reads a streamed answer to the end, counting bytes and lines without keeping the body. */
async function drain(res) {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { bytes, lines };
}

async function expectOk(res, what) {
  if (res.ok) return res;
  throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

async function removeBrokerObjects(amqpUrl, exchange, queuePrefix) {
  const amqp = (await import('amqplib')).default;
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const service of ['participants', 'scoring', 'reports']) {
      const queue = `${queuePrefix}svc-${service}`;
      for (const name of [queue, `${queue}.dlq`, ...[1_000, 5_000, 15_000, 60_000].map((ms) => `${queue}.retry.${ms}ms`)]) await channel.deleteQueue(name);
    }
    await channel.deleteExchange(exchange);
    await channel.deleteExchange(`${exchange}.dlx`);
    await channel.close();
  } finally {
    await connection.close();
  }
}

async function main() {
  const { ensureNodeModules } = await import('./lib/install.mjs');
  ensureNodeModules(root, say);
  const { buildAll } = await import('./build.mjs');
  await buildAll({ log: say });
  if (!process.env.MONGO_URL) (await import('./lib/ferretdb.mjs')).ensureFerretInstalled(say);
  const { startStack } = await import('./lib/stack.mjs');
  const { freePort } = await import('./lib/local-services.mjs');
  const { MongoClient } = await import('mongodb');

  const suffix = `bench_${process.pid}_${Date.now().toString(36)}`;
  const runDir = path.join(root, '.test-artifacts', `bench-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  const exchange = `study.events.${suffix}`;
  const queuePrefix = `${suffix}.`;
  const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';

  say('Starting the system (services, gateway, database) on free ports...');
  const stack = await startStack({
    root,
    port: await freePort(),
    freePorts: true,
    dataDir: path.join(runDir, 'ferretdb'),
    logDir: path.join(runDir, 'logs'),
    log: say,
    queuePrefix,
    dbPrefix: `${suffix}_`,
    env: { EVENTS_EXCHANGE: exchange, LOG_LEVEL: 'warn' },
  });
  const mongo = await MongoClient.connect(stack.mongoUrl);
  const dbName = `${suffix}_participants`;
  const results = [];
  const record = (result) => {
    results.push(result);
    say(`  ${result.rows} rows in ${result.seconds.toFixed(2)} s`);
  };
  try {
    const key = stack.adminMasterKey;
    const admin = (method, route, body) =>
      fetch(`${stack.url}${route}`, {
        method,
        headers: { 'x-master-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body,
      });

    say(`Creating ${PARTICIPANTS} participants in the database...`);
    const now = new Date();
    const ids = Array.from({ length: PARTICIPANTS }, () => randomUUID());
    const seeded = await timed(async () => {
      const participants = mongo.db(dbName).collection('participants');
      for (let start = 0; start < ids.length; start += 1000) {
        await participants.insertMany(ids.slice(start, start + 1000).map((pgId, i) => participantDocument(pgId, start + i, now)));
      }
    });
    record({ what: 'create participants (database insert)', rows: PARTICIPANTS, seconds: seeded.seconds, bytes: undefined });

    const upload = JSON.stringify(Object.fromEntries(ids.map((pgId, i) => [pgId, mbtiRow(i)])));
    for (const label of ['MBTI upload, first time (POST /api/user/mbti)', 'MBTI upload, same file again']) {
      say(`${label}...`);
      const run = await timed(async () => (await expectOk(await admin('POST', '/api/user/mbti', upload), 'the MBTI upload')).json());
      const { insertedCount, matchedCount, modifiedCount, unknownPgIds, updatedParticipants } = run.value;
      say(`  inserted ${insertedCount}, matched ${matchedCount}, modified ${modifiedCount}, unknown ${unknownPgIds.length}, participants updated ${updatedParticipants}`);
      record({ what: label, rows: PARTICIPANTS, seconds: run.seconds, bytes: Buffer.byteLength(upload) });
    }

    say('Statistics download (GET /api/stats)...');
    const stats = await timed(async () => drain(await expectOk(await admin('GET', '/api/stats'), 'the statistics download')));
    record({ what: 'statistics CSV (GET /api/stats)', rows: stats.value.lines - 1, seconds: stats.seconds, bytes: stats.value.bytes });

    say('Roster download (GET /api/ohready/{masterKey})...');
    const roster = await timed(async () => drain(await expectOk(await fetch(`${stack.url}/api/ohready/${encodeURIComponent(key)}`), 'the roster download')));
    record({ what: 'roster CSV (GET /api/ohready/{key})', rows: roster.value.lines - 1, seconds: roster.seconds, bytes: roster.value.bytes });

    say('Enrollment figures (GET /api/admin/enrollment)...');
    const enrollment = await timed(async () => (await expectOk(await admin('GET', '/api/admin/enrollment'), 'the enrollment figures')).json());
    record({ what: 'enrollment figures (GET /api/admin/enrollment)', rows: enrollment.value.participants, seconds: enrollment.seconds, bytes: undefined });

    if (stats.value.lines - 1 !== PARTICIPANTS) throw new Error(`the statistics held ${stats.value.lines - 1} rows, not ${PARTICIPANTS}`);

    console.log('');
    console.log(`${'what'.padEnd(48)} ${'rows'.padStart(6)} ${'seconds'.padStart(8)} ${'rows/s'.padStart(8)} ${'bytes'.padStart(10)}`);
    for (const r of results) {
      const rate = r.seconds > 0 ? Math.round(r.rows / r.seconds) : 0;
      console.log(`${r.what.padEnd(48)} ${String(r.rows).padStart(6)} ${r.seconds.toFixed(2).padStart(8)} ${String(rate).padStart(8)} ${(r.bytes === undefined ? '-' : String(r.bytes)).padStart(10)}`);
    }
    console.log('');
  } finally {
    say('Stopping everything started here...');
    if (process.env.MONGO_URL) {
      for (const name of ['participants', 'scoring', 'reports']) await mongo.db(`${suffix}_${name}`).dropDatabase();
    }
    await mongo.close();
    await stack.stop();
    await removeBrokerObjects(amqpUrl, exchange, queuePrefix).catch((err) => say(`could not remove the bench's queues: ${err.message}`));
    fs.rmSync(path.join(runDir, 'ferretdb'), { recursive: true, force: true });
    say(`Logs: ${path.relative(root, path.join(runDir, 'logs'))}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`[bench] ${err.message}`);
    process.exit(1);
  },
);
