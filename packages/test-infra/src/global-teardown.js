// Stops the tests' FerretDB and drops its PostgreSQL database.
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function globalTeardown() {
  const ferret = globalThis.__FERRET__;
  if (!ferret) return;
  // The local services' tooling is TypeScript (scripts/lib), loaded through tsx as `npm test` does.
  const { tsImport } = await import('tsx/esm/api');
  const lib = (name) => tsImport(path.join(__dirname, '../../../scripts/lib', name), require('node:url').pathToFileURL(__filename).href);
  const { stopFerret } = await lib('ferretdb.ts');
  const { dropPgDatabase } = await lib('postgres.ts');
  await stopFerret(ferret);
  await dropPgDatabase(ferret.pgDatabase);
  fs.rmSync(ferret.dataDir, { recursive: true, force: true });
};
