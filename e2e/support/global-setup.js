// Browser tests run against the whole system, started here on free ports with its own
// FerretDB data, its own exchange and queue names (so a running `npm start` is not
// disturbed) and its own copy of the built frontends (so a test can remove a remote's
// files). A small control server lets tests stop/start a service, hide/restore a remote, or start
// another gateway before the same services with other frontends (an older shell, other releases).
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
// The local stack's tooling is TypeScript (scripts/lib), loaded through tsx as `npm start` does
// (tsx's ESM entry: its CommonJS one cannot load the ESM tools).
const tsImport = async (file) => (await import('tsx/esm/api')).tsImport(file, require('node:url').pathToFileURL(__filename).href);

const root = path.resolve(__dirname, '../..');

module.exports = async function globalSetup() {
  const { startStack, ONE_ADDRESS_LIMITS } = await tsImport(path.join(root, 'scripts/lib/stack.ts'));
  const { freePort } = await tsImport(path.join(root, 'scripts/lib/local-services.ts'));
  const { findChromium } = await tsImport(path.join(root, 'scripts/lib/chromium.ts'));
  const { FRONTEND_FOLDERS, REMOTES } = await tsImport('@study/topology');
  // A remote's folder by its federation name (mf_consent -> mf-consent), for hiding its files.
  const remoteFolders = Object.fromEntries(REMOTES.map((remote) => [remote.name, remote.folder]));
  const chromium = findChromium();
  if (!chromium) throw new Error('Chromium was not found: run the browser tests through `npm test`, which installs it.');
  process.env.CHROMIUM_PATH = chromium;

  const runDir = path.join(root, '.test-artifacts', `e2e-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  const frontendRoot = path.join(runDir, 'frontends');
  for (const dir of FRONTEND_FOLDERS) {
    const dist = path.join(root, dir, 'dist');
    if (!fs.existsSync(dist)) throw new Error(`${dir}/dist is missing: build first (npm run build)`);
    fs.cpSync(dist, path.join(frontendRoot, dir, 'dist'), { recursive: true });
  }

  const suffix = `e2e_${process.pid}_${Date.now().toString(36)}`;
  const stack = await startStack({
    root,
    port: await freePort(),
    freePorts: true,
    dataDir: path.join(runDir, 'ferretdb'),
    logDir: path.join(runDir, 'logs'),
    log: () => {},
    queuePrefix: `${suffix}.`,
    frontendRoot,
    env: {
      EVENTS_EXCHANGE: `study.events.${suffix}`,
      LOG_LEVEL: 'info',
      RESET_SURVEYS: '1',
      ...ONE_ADDRESS_LIMITS,
      // Every browser test calls from one address, and the trace-sampling run alone opens each
      // study-team page about 140 times: the default 120 calls per route and window would refuse
      // the tests after it (the wrong-key limit stays as it is).
      ADMIN_CALLS_LIMIT: '100000',
    },
  });

  const control = http.createServer(async (req, res) => {
    const [, kind, name, action] = req.url.split('/');
    try {
      if (kind === 'gateways' && name === 'start') {
        // Another gateway before the same services, with the frontends and releases the body names.
        let body = '';
        for await (const chunk of req) body += chunk;
        const { frontendRoot: otherFrontends, releasesRoot } = JSON.parse(body || '{}');
        const started = await stack.startGatewayInstance({ ...(otherFrontends ? { FRONTEND_ROOT: otherFrontends } : {}), ...(releasesRoot ? { RELEASES_ROOT: releasesRoot } : {}) });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(started));
        return;
      }
      if (kind === 'gateways' && action === 'stop') await stack.stopGatewayInstance(decodeURIComponent(name));
      else if (kind === 'services' && action === 'stop') await stack.stopService(name);
      else if (kind === 'services' && action === 'start') await stack.startService(name);
      else if (kind === 'remotes' && remoteFolders[name]) {
        const dist = path.join(frontendRoot, remoteFolders[name], 'dist');
        if (action === 'hide') fs.renameSync(dist, `${dist}.hidden`);
        else if (action === 'restore') fs.renameSync(`${dist}.hidden`, dist);
        else throw new Error(`unknown action ${action}`);
      } else throw new Error(`unknown control ${req.url}`);
      res.writeHead(204).end();
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err.message));
    }
  });
  const controlPort = await freePort();
  await new Promise((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

  globalThis.__E2E__ = { stack, control, runDir, broker: { exchange: `study.events.${suffix}`, queuePrefix: `${suffix}.` } };
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_CONTROL_URL = `http://127.0.0.1:${controlPort}`;
  process.env.E2E_LOG_DIR = path.join(runDir, 'logs');
  process.env.E2E_OPENHUMANS_URL = stack.openHumans.url;
  process.env.E2E_TYPEFINDER_WIDGET_URL = stack.typeFinder.widgetUrl;
  process.env.E2E_ADMIN_MASTER_KEY = stack.adminMasterKey;
  process.env.E2E_TOKEN_ENCRYPTION_KEY = stack.tokenEncryptionKey;
  process.env.E2E_MONGO_URL = stack.mongoUrl;
  process.env.E2E_REDIS_URL = stack.redisUrl;
};
