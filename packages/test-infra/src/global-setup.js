// Integration tests run against the real FerretDB (started here on a free port on its own
// PostgreSQL database, unless MONGO_URL points at a database), RabbitMQ and Redis. Each test
// file uses its own database names and exchange names, so files can run side by side.
const path = require('node:path');
const fs = require('node:fs');

module.exports = async function globalSetup() {
  const lib = (name) => import(path.join(__dirname, '../../../scripts/lib', name));
  const { startFerret } = await lib('ferretdb.mjs');
  const { ensureRabbitMq, ensureRedis, freePort } = await lib('local-services.mjs');
  const { ensurePostgres, createPgDatabase, dropPgDatabase } = await lib('postgres.mjs');
  process.env.AMQP_URL ||= 'amqp://guest:guest@127.0.0.1:5672';
  process.env.REDIS_URL ||= 'redis://127.0.0.1:6379';
  await ensureRabbitMq(process.env.AMQP_URL);
  await ensureRedis(process.env.REDIS_URL);
  if (process.env.MONGO_URL) {
    process.env.TEST_MONGO_URL = process.env.MONGO_URL;
    return;
  }
  await ensurePostgres();
  const dataDir = path.join(__dirname, '../../../.test-artifacts', `ferretdb-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const pgDatabase = `ferretdb_test_${process.pid}_${Date.now().toString(36)}`;
  await createPgDatabase(pgDatabase);
  const port = await freePort();
  let ferret;
  try {
    ferret = await startFerret({ port, dataDir, pgDatabase, logFile: path.join(dataDir, 'ferretdb.log') });
  } catch (err) {
    await dropPgDatabase(pgDatabase);
    throw err;
  }
  globalThis.__FERRET__ = { ...ferret, dataDir, pgDatabase };
  process.env.TEST_MONGO_URL = ferret.url;
};
