// Brings the whole system up on one machine: FerretDB (unless MONGO_URL is given), the
// three services and the gateway, each as a child process with its log in logDir.
// Used by `npm start` and by the browser tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startFerret } from './ferretdb.mjs';
import { ensureRabbitMq, ensureRedis, freePort } from './local-services.mjs';

/** The embedded stack's study-team address (STUDY_CONTACT_EMAIL overrides it). */
export const DEFAULT_CONTACT_EMAIL = 'study-team@study.localhost';
export const SERVICES = [
  { name: 'participants', dir: 'svc-participants', port: 4101, db: 'participants' },
  { name: 'scoring', dir: 'svc-scoring', port: 4102, db: 'scoring' },
  { name: 'reports', dir: 'svc-reports', port: 4103, db: 'reports' },
];

/** Secrets the embedded stack makes once and keeps beside its data, so restarts can read old tokens. */
function localSecrets(file) {
  let secrets = {};
  if (fs.existsSync(file)) secrets = JSON.parse(fs.readFileSync(file, 'utf8'));
  const want = { tokenEncryptionKey: 32, openHumansClientSecret: 24, openHumansWebhookSecret: 24, adminMasterKey: 24, typeFinderWebhookSecret: 24 };
  let changed = false;
  for (const [name, bytes] of Object.entries(want)) {
    if (!secrets[name]) {
      secrets[name] = randomBytes(bytes).toString('hex');
      changed = true;
    }
  }
  if (changed) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

// STACK_START_TIMEOUT_MS: a busy machine may need longer than the default for a part to come up.
async function waitForHttp(url, { timeoutMs = Number(process.env.STACK_START_TIMEOUT_MS) || 30_000, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms (${last})`);
}

function tail(file, lines = 20) {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * @param {object} o
 * @param {string} o.root repository root
 * @param {number} [o.port] gateway port
 * @param {string} o.dataDir where FerretDB keeps its files
 * @param {string} o.logDir one log file per process
 * @param {boolean} [o.freePorts] pick free ports for the services (tests) instead of 4101-4103
 * @param {Record<string,string>} [o.env] extra environment for every process
 * @param {string} [o.queuePrefix] prefix for each service's queue name
 * @param {string} [o.frontendRoot] the folder holding each frontend's dist (default: root)
 */
export async function startStack(o) {
  const log = o.log ?? console.log;
  const host = o.host ?? '127.0.0.1';
  const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  fs.mkdirSync(o.logDir, { recursive: true });
  // Stop on exit only what this call started.
  const stopStartedDeps = [await ensureRabbitMq(amqpUrl, log), await ensureRedis(redisUrl, log)].filter(Boolean);

  const children = new Map();
  let ferret;
  let mongoUrl = process.env.MONGO_URL;
  if (!mongoUrl) {
    const ferretPort = o.ferretPort ?? (o.freePorts ? await freePort() : 27027);
    ferret = await startFerret({ port: ferretPort, dataDir: o.dataDir, logFile: path.join(o.logDir, 'ferretdb.log') });
    mongoUrl = ferret.url;
    log(`FerretDB (SQLite) on 127.0.0.1:${ferretPort}, data in ${path.relative(o.root, o.dataDir) || o.dataDir}`);
  }

  const common = { ...process.env, MONGO_URL: mongoUrl, AMQP_URL: amqpUrl, REDIS_URL: redisUrl, HOST: host, ...(o.env ?? {}) };
  const services = [];
  for (const s of SERVICES) services.push({ ...s, port: o.freePorts ? await freePort() : s.port });
  const port = o.port ?? 8080;
  const publicUrl = `http://${host}:${port}`;
  const secrets = localSecrets(path.join(o.dataDir, '..', 'secrets.json'));

  const launch = (name, cwd, env) => {
    const logFile = path.join(o.logDir, `${name}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd, env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const entry = { name, child, logFile, exited: false };
    child.once('exit', () => (entry.exited = true));
    children.set(name, entry);
    return entry;
  };

  // A queue prefix keeps a test stack's consumers off the queues of a running `npm start`.
  const serviceEnv = (s) => ({
    ...common,
    PORT: String(s.port),
    MONGO_DB: `${o.dbPrefix ?? ''}${s.db}`,
    ...(o.queuePrefix ? { EVENTS_QUEUE: `${o.queuePrefix}svc-${s.name}` } : {}),
    ...(s.name === 'participants' ? participantsEnv : {}),
  });
  const startService = async (name) => {
    const s = services.find((x) => x.name === name);
    const entry = launch(s.name, path.join(o.root, s.dir), serviceEnv(s));
    try {
      await waitForHttp(`http://${host}:${s.port}/readyz`, { isAlive: () => !entry.exited });
    } catch (err) {
      throw new Error(`svc-${s.name} did not start: ${err.message}\n--- ${entry.logFile} ---\n${tail(entry.logFile)}`);
    }
  };
  const stopChild = (name) =>
    new Promise((resolve) => {
      const entry = children.get(name);
      if (!entry || entry.exited) return resolve();
      const timer = setTimeout(() => entry.child.kill('SIGKILL'), 10_000);
      entry.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      entry.child.kill('SIGTERM');
    });

  const stop = async () => {
    await stopChild('gateway');
    await Promise.all(services.map((s) => stopChild(s.name)));
    await stopChild('open-humans-standin');
    await stopChild('typefinder-standin');
    if (ferret && ferret.child.exitCode === null) {
      await new Promise((resolve) => {
        ferret.child.once('exit', resolve);
        ferret.child.kill('SIGTERM');
      });
    }
    for (const stopDep of stopStartedDeps) {
      try {
        stopDep();
      } catch {
        /* already stopped */
      }
    }
  };

  // Open Humans: the real platform when a client is configured, otherwise the local stand-in.
  let participantsEnv;
  const stackInfo = {};
  let openHumans;
  try {
    if (common.OH_CLIENT_ID) {
      participantsEnv = { OH_BASE_URL: common.OH_BASE_URL || 'https://www.openhumans.org' };
      openHumans = { url: participantsEnv.OH_BASE_URL, standin: false };
    } else {
      const ohPort = o.freePorts ? await freePort() : 4201;
      const ohUrl = `http://${host}:${ohPort}`;
      const client = { id: 'personality-genetics-study', secret: secrets.openHumansClientSecret, webhookSecret: secrets.openHumansWebhookSecret };
      const standin = launch('open-humans-standin', path.join(o.root, 'standins', 'open-humans'), {
        ...process.env,
        PORT: String(ohPort),
        HOST: host,
        PUBLIC_URL: ohUrl,
        CLIENT_ID: client.id,
        CLIENT_SECRET: client.secret,
        REDIRECT_URI: `${publicUrl}/return`,
        DEAUTH_WEBHOOK_URL: `${publicUrl}/api/openhumans/deauthorize`,
        WEBHOOK_SECRET: client.webhookSecret,
        STATE_FILE: path.join(o.dataDir, '..', 'open-humans-standin.json'),
        ...(o.standinEnv ?? {}),
      });
      try {
        await waitForHttp(`${ohUrl}/healthz`, { isAlive: () => !standin.exited });
      } catch (err) {
        throw new Error(`the Open Humans stand-in did not start: ${err.message}\n--- ${standin.logFile} ---\n${tail(standin.logFile)}`);
      }
      participantsEnv = { OH_BASE_URL: ohUrl, OH_CLIENT_ID: client.id, OH_CLIENT_SECRET: client.secret, OH_WEBHOOK_SECRET: client.webhookSecret };
      openHumans = { url: ohUrl, standin: true };
    }
    // TypeFinder: the provider has no public API; its results reach the study's signed webhook.
    // Locally the stand-in widget plays the provider unless TYPEFINDER_WIDGET_URL names the real one.
    let typeFinder;
    if (common.TYPEFINDER_WIDGET_URL) {
      typeFinder = { widgetUrl: common.TYPEFINDER_WIDGET_URL, standin: false };
    } else {
      const tfPort = o.freePorts ? await freePort() : 4202;
      const tfUrl = `http://${host}:${tfPort}`;
      const widget = launch('typefinder-standin', path.join(o.root, 'standins', 'typefinder'), {
        ...process.env,
        PORT: String(tfPort),
        HOST: host,
        PUBLIC_URL: tfUrl,
        STUDY_WEBHOOK_URL: `${publicUrl}/api/typefinder/results`,
        WEBHOOK_SECRET: common.TYPEFINDER_WEBHOOK_SECRET || secrets.typeFinderWebhookSecret,
        FRAME_ANCESTORS: `'self' ${publicUrl}`,
      });
      try {
        await waitForHttp(`${tfUrl}/healthz`, { isAlive: () => !widget.exited });
      } catch (err) {
        throw new Error(`the TypeFinder stand-in did not start: ${err.message}\n--- ${widget.logFile} ---\n${tail(widget.logFile)}`);
      }
      typeFinder = { widgetUrl: `${tfUrl}/widget`, standin: true };
    }

    participantsEnv = {
      OH_REDIRECT_URI: `${publicUrl}/return`,
      TOKEN_ENCRYPTION_KEY: secrets.tokenEncryptionKey,
      STUDY_EMAIL_HOST: 'study.localhost',
      ADMIN_MASTER_KEY: secrets.adminMasterKey,
      TYPEFINDER_WEBHOOK_SECRET: secrets.typeFinderWebhookSecret,
      TYPEFINDER_WIDGET_URL: typeFinder.widgetUrl,
      ...participantsEnv,
      // What the operator set wins over the embedded defaults.
      ...Object.fromEntries(
        [
          'OH_REDIRECT_URI',
          'OH_CLIENT_SECRET',
          'OH_WEBHOOK_SECRET',
          'TOKEN_ENCRYPTION_KEY',
          'STUDY_EMAIL_HOST',
          'ADMIN_MASTER_KEY',
          'TYPEFINDER_WEBHOOK_SECRET',
        ]
          .filter((k) => common[k])
          .map((k) => [k, common[k]]),
      ),
    };
    stackInfo.typeFinder = typeFinder;
    stackInfo.adminMasterKey = participantsEnv.ADMIN_MASTER_KEY;

    await Promise.all(services.map((s) => startService(s.name)));
    const gw = launch('gateway', path.join(o.root, 'gateway'), {
      ...common,
      PORT: String(port),
      FRONTEND_ROOT: o.frontendRoot ?? o.root,
      PARTICIPANTS_URL: `http://${host}:${services[0].port}`,
      SCORING_URL: `http://${host}:${services[1].port}`,
      REPORTS_URL: `http://${host}:${services[2].port}`,
      // The gateway refuses to start without a contact address; the embedded stack names the
      // local study team's mailbox unless the operator sets the real one.
      STUDY_CONTACT_EMAIL: common.STUDY_CONTACT_EMAIL || DEFAULT_CONTACT_EMAIL,
      // The TypeFinder widget is framed by the dashboard.
      CSP_FRAME_SRC: [common.CSP_FRAME_SRC || "'self'", new URL(stackInfo.typeFinder.widgetUrl).origin].join(' '),
    });
    try {
      await waitForHttp(`http://${host}:${port}/healthz`, { isAlive: () => !gw.exited });
    } catch (err) {
      throw new Error(`the gateway did not start: ${err.message}\n--- ${gw.logFile} ---\n${tail(gw.logFile)}`);
    }
    return {
      url: publicUrl,
      openHumans,
      ...stackInfo,
      services,
      children,
      mongoUrl,
      startService,
      stopService: (name) => stopChild(name),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
