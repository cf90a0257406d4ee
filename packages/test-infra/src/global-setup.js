// Integration tests run against the real FerretDB (started here on a free port on its own
// PostgreSQL database, unless MONGO_URL points at a database), RabbitMQ and Redis. Each test
// file uses its own database names and exchange names, so files can run side by side.
const path = require('node:path');
const fs = require('node:fs');

module.exports = async function globalSetup() {
  // The local services' tooling is TypeScript (scripts/lib), loaded through tsx as `npm test` does.
  const { tsImport } = await import('tsx/esm/api');
  const lib = (name) => tsImport(path.join(__dirname, '../../../scripts/lib', name), require('node:url').pathToFileURL(__filename).href);
  const { startFerret } = await lib('ferretdb.ts');
  const { ensureRabbitMq, ensureRedis, freePort } = await lib('local-services.ts');
  const { ensurePostgres, createPgDatabase, dropPgDatabase } = await lib('postgres.ts');
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
