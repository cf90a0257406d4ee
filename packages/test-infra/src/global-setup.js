// Integration tests run against the real FerretDB (started here on a free port, unless
// MONGO_URL points at a database), RabbitMQ and Redis. Each test file uses its own
// database names and exchange names, so files can run side by side.
const path = require('node:path');
const fs = require('node:fs');

module.exports = async function globalSetup() {
  const lib = (name) => import(path.join(__dirname, '../../../scripts/lib', name));
  const { startFerret } = await lib('ferretdb.mjs');
  const { ensureRabbitMq, ensureRedis, freePort } = await lib('local-services.mjs');
  process.env.AMQP_URL ||= 'amqp://guest:guest@127.0.0.1:5672';
  process.env.REDIS_URL ||= 'redis://127.0.0.1:6379';
  await ensureRabbitMq(process.env.AMQP_URL);
  await ensureRedis(process.env.REDIS_URL);
  if (process.env.MONGO_URL) {
    process.env.TEST_MONGO_URL = process.env.MONGO_URL;
    return;
  }
  const dataDir = path.join(__dirname, '../../../.test-artifacts', `ferretdb-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const { child, url } = await startFerret({ port, dataDir, logFile: path.join(dataDir, 'ferretdb.log') });
  globalThis.__FERRET__ = { child, dataDir };
  process.env.TEST_MONGO_URL = url;
};
