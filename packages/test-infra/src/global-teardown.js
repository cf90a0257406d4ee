// Stops the tests' FerretDB and drops its PostgreSQL database.
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function globalTeardown() {
  const ferret = globalThis.__FERRET__;
  if (!ferret) return;
  const lib = (name) => import(path.join(__dirname, '../../../scripts/lib', name));
  const { stopFerret } = await lib('ferretdb.mjs');
  const { dropPgDatabase } = await lib('postgres.mjs');
  await stopFerret(ferret);
  await dropPgDatabase(ferret.pgDatabase);
  fs.rmSync(ferret.dataDir, { recursive: true, force: true });
};
