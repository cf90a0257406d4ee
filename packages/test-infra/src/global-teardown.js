const fs = require('node:fs');

module.exports = async function globalTeardown() {
  const ferret = globalThis.__FERRET__;
  if (!ferret) return;
  await new Promise((resolve) => {
    ferret.child.once('exit', resolve);
    ferret.child.kill('SIGTERM');
  });
  fs.rmSync(ferret.dataDir, { recursive: true, force: true });
};
