// The steps `npm test` and `npm run slice` share: a timed command, the local services and tools
// the tests need, and one jest run with its results summed up.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A command run to the end in the repository, timed; throws when it fails. */
export function step(root, say, name, cmd, args) {
  say(name);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${name} failed`);
  say(`${name}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** RabbitMQ, Redis and FerretDB for the integration and browser tests. */
export async function ensureTestServices(say) {
  const { ensureRabbitMq, ensureRedis } = await import('./local-services.mjs');
  await ensureRabbitMq(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672', say);
  await ensureRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', say);
  if (!process.env.MONGO_URL) (await import('./ferretdb.mjs')).ensureFerretInstalled(say);
}

/** Chromium, and poppler-utils to read the report PDF back, for the browser tests. */
export async function ensureBrowserTools(say) {
  (await import('./chromium.mjs')).ensureChromium(say);
  const { ensureDebianTool } = await import('./system-tools.mjs');
  ensureDebianTool('pdftotext', 'poppler-utils', say);
  ensureDebianTool('pdftoppm', 'poppler-utils', say);
}

/**
 * One jest run with a JSON report in .test-artifacts/jest-results.json; prints the counts and
 * throws when a test failed or none ran.
 */
export function runJest(root, jestArgs) {
  const report = path.join(root, '.test-artifacts', 'jest-results.json');
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.rmSync(report, { force: true });
  // --forceExit: the fault project's private RabbitMQ node (its epmd) can keep jest waiting for a
  // minute after the last test; every stack and process a test started is stopped by its teardown.
  const jest = path.join(root, 'node_modules', '.bin', 'jest');
  const res = spawnSync(jest, ['--ci', '--json', '--forceExit', `--outputFile=${report}`, ...jestArgs], { cwd: root, stdio: 'inherit' });
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    const skipped = r.numPendingTests + r.numTodoTests;
    console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
    if (r.numTotalTests === 0) throw new Error('jest ran no test');
  }
  if (res.status !== 0) throw new Error('some tests failed');
}
