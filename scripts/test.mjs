// `npm test`: installs what is missing, then lint, type-check, build, and every jest
// project: unit, UI, integration (real FerretDB, RabbitMQ, Redis), browser tests
// (Chromium through the gateway) and fault runs (e2e/faults). Extra arguments go to jest, e.g. `npm test -- --selectProjects unit`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg) => console.log(`[test] ${msg}`);

function step(name, cmd, args) {
  say(name);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${name} failed`);
  say(`${name}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function validateCompose() {
  // Debian's docker-compose checks the deployment file without a Docker engine.
  const probe = spawnSync('docker-compose', ['version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    say('docker-compose is not installed: skipping the docker-compose.yml check (apt-get install docker-compose)');
    return;
  }
  step('Validate docker-compose.yml', 'docker-compose', ['config', '-q']);
}

async function main() {
  const jestArgs = process.argv.slice(2);
  const { ensureNodeModules } = await import('./lib/install.mjs');
  ensureNodeModules(root, say);
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);

  step('Lint', bin('eslint'), ['--max-warnings=0', '.']);
  step('Type-check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);

  validateCompose();

  const { ensureRabbitMq, ensureRedis } = await import('./lib/local-services.mjs');
  await ensureRabbitMq(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672', say);
  await ensureRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', say);
  if (!process.env.MONGO_URL) (await import('./lib/ferretdb.mjs')).ensureFerretInstalled(say);
  (await import('./lib/chromium.mjs')).ensureChromium(say);
  const { ensureDebianTool } = await import('./lib/system-tools.mjs');
  ensureDebianTool('pdftotext', 'poppler-utils', say);
  ensureDebianTool('pdftoppm', 'poppler-utils', say);

  const { buildAll } = await import('./build.mjs');
  await buildAll({ log: say });

  const report = path.join(root, '.test-artifacts', 'jest-results.json');
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.rmSync(report, { force: true });
  say('Jest: unit, ui, integration, e2e, fault');
  // --forceExit: the fault project's private RabbitMQ node (its epmd) can keep jest waiting for a
  // minute after the last test; every stack and process a test started is stopped by its teardown.
  const res = spawnSync(bin('jest'), ['--ci', '--json', '--forceExit', `--outputFile=${report}`, ...jestArgs], { cwd: root, stdio: 'inherit' });
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    const skipped = r.numPendingTests + r.numTodoTests;
    console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
    if (r.numTotalTests === 0) throw new Error('jest ran no test');
  }
  if (res.status !== 0) throw new Error('some tests failed');
}

main().catch((err) => {
  console.error(`[test] ${err.message}`);
  process.exit(1);
});
