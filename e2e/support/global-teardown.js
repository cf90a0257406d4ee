module.exports = async function globalTeardown() {
  const e2e = globalThis.__E2E__;
  if (!e2e) return;
  await new Promise((resolve) => e2e.control.close(resolve));
  await e2e.stack.stop();
  // Logs stay in .test-artifacts for a failed run to be read; the database copy goes.
  require('node:fs').rmSync(require('node:path').join(e2e.runDir, 'ferretdb'), { recursive: true, force: true });
};
