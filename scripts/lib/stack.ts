// Brings the whole system up on one machine: FerretDB on PostgreSQL (unless MONGO_URL is given),
// the three services and the gateway, each as a child process with its log in logDir.
// Used by `npm start` and by the browser tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startFerret, stopFerret } from './ferretdb';
import { ensureRabbitMq, ensureRedis, freePort } from './local-services';
import { createPgDatabase, dropPgDatabase, ensurePostgres } from './postgres';

/** The PostgreSQL database `npm start` keeps its data in across restarts. */
export const STUDY_PG_DATABASE = 'ferretdb_study';

/** The port of `npm start`'s FerretDB. */
export const STUDY_FERRET_PORT = 27027;

/** The embedded stack's study-team address (STUDY_CONTACT_EMAIL overrides it). */
export const DEFAULT_CONTACT_EMAIL = 'study-team@study.localhost';

/**
 * The review board the embedded stack names in the consent form: marked as a local stand-in in
 * every value, so a page or PDF made with them can never pass for a real approval. A deployment
 * sets REVIEW_BOARD_NAME, REVIEW_BOARD_APPROVAL and REVIEW_BOARD_CONTACT to its own.
 */
export const LOCAL_REVIEW_BOARD = {
  REVIEW_BOARD_NAME: 'LOCAL TEST review board (not a real board: set REVIEW_BOARD_NAME)',
  REVIEW_BOARD_APPROVAL: 'LOCAL-TEST-0000 (not a real approval)',
  REVIEW_BOARD_CONTACT: 'review-board@study.localhost (a local test address)',
};
export const SERVICES = [
  { name: 'participants', dir: 'svc-participants', port: 4101, db: 'participants' },
  { name: 'scoring', dir: 'svc-scoring', port: 4102, db: 'scoring' },
  { name: 'reports', dir: 'svc-reports', port: 4103, db: 'reports' },
];

/**
 * For a stack one machine drives as many participants (tests, benchmarks): every call comes from
 * one address, and a benchmark repeats one participant's call, so the gateway's per-address and
 * per-participant limits are raised out of the way. The limits themselves are tested on their own.
 */
export const ONE_ADDRESS_LIMITS = { RATE_LIMIT_PUBLIC_PER_MINUTE: '10000000', RATE_LIMIT_PARTICIPANT_PER_MINUTE: '10000000' };

/** Secrets the embedded stack makes once and keeps beside its data, so restarts can read old tokens. */
function localSecrets(file) {
  let secrets = {};
  if (fs.existsSync(file)) secrets = JSON.parse(fs.readFileSync(file, 'utf8'));
  const want = { tokenEncryptionKey: 32, openHumansClientSecret: 24, openHumansWebhookSecret: 24, openHumansMasterToken: 24, adminMasterKey: 24, typeFinderWebhookSecret: 24, participantSessionSecret: 32, logFingerprintKey: 24 };
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
 * @param {string} o.dataDir FerretDB's state directory
 * @param {string} [o.pgDatabase] the PostgreSQL database FerretDB stores the data in; default
 *   `ferretdb_study`, or with freePorts a new one that stop() drops
 * @param {string} o.logDir one log file per process
 * @param {boolean} [o.freePorts] pick free ports for the services (tests) instead of 4101-4103
 * @param {Record<string,string>} [o.env] extra environment for every process
 * @param {string} [o.queuePrefix] prefix for each service's queue name
 * @param {string} [o.frontendRoot] the folder holding each frontend's dist (default: root)
 * @param {string} [o.amqpUrl] the broker of this stack (default: AMQP_URL or the local one)
 * @param {boolean} [o.standinStateFile] false: the Open Humans stand-in keeps its members in memory only (default: in a state file beside dataDir)
 * @param {boolean} [o.databaseMetrics] FerretDB also serves its metrics (the commands it ran) on a free port: `databaseMetricsUrl`
 * @param {number} [o.readyTimeoutMs] how long each process may take to answer its health check (default 30 s)
 */
export async function startStack(o) {
  const log = o.log ?? console.log;
  const readyTimeoutMs = o.readyTimeoutMs ?? 30_000;
  const host = o.host ?? '127.0.0.1';
  const amqpUrl = o.amqpUrl ?? (process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672');
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  fs.mkdirSync(o.logDir, { recursive: true });
  // Stop on exit only what this call started.
  const stopStartedDeps = [await ensureRabbitMq(amqpUrl, log), await ensureRedis(redisUrl, log)].filter(Boolean);

  const children = new Map();
  let ferret;
  let dropDatabase;
  let ferretOptions;
  let mongoUrl = process.env.MONGO_URL;
  if (!mongoUrl) {
    await ensurePostgres(log);
    const pgDatabase = o.pgDatabase ?? (o.freePorts ? `ferretdb_tmp_${process.pid}_${randomBytes(4).toString('hex')}` : STUDY_PG_DATABASE);
    await createPgDatabase(pgDatabase);
    // A test or benchmark stack leaves nothing behind; `npm start` keeps its data.
    if (o.freePorts && !o.pgDatabase) dropDatabase = () => dropPgDatabase(pgDatabase);
    const ferretPort = o.ferretPort ?? (o.freePorts ? await freePort() : STUDY_FERRET_PORT);
    ferretOptions = { port: ferretPort, dataDir: o.dataDir, pgDatabase, logFile: path.join(o.logDir, 'ferretdb.log'), ...(o.databaseMetrics ? { debugPort: await freePort() } : {}) };
    try {
      ferret = await startFerret(ferretOptions);
    } catch (err) {
      await dropDatabase?.();
      throw err;
    }
    mongoUrl = ferret.url;
    log(`FerretDB on 127.0.0.1:${ferretPort}, data in the PostgreSQL database ${pgDatabase}`);
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
    // Every service fingerprints participants in its logs with the same key.
    LOG_FINGERPRINT_KEY: common.LOG_FINGERPRINT_KEY || secrets.logFingerprintKey,
    ...(o.queuePrefix ? { EVENTS_QUEUE: `${o.queuePrefix}svc-${s.name}` } : {}),
    ...(s.name === 'participants' ? participantsEnv : {}),
  });
  const startService = async (name) => {
    const s = services.find((x) => x.name === name);
    const entry = launch(s.name, path.join(o.root, s.dir), serviceEnv(s));
    try {
      await waitForHttp(`http://${host}:${s.port}/readyz`, { timeoutMs: readyTimeoutMs, isAlive: () => !entry.exited });
    } catch (err) {
      throw new Error(`svc-${s.name} did not start: ${err.message}\n--- ${entry.logFile} ---\n${tail(entry.logFile)}`);
    }
  };
  /**
   * Another process of a service (same database and queue, its own port; the gateway keeps
   * calling the first), named `<name>#<n>`; answers its name and port.
   */
  const startServiceInstance = async (name) => {
    const s = services.find((x) => x.name === name);
    let n = 2;
    while (children.has(`${name}#${n}`)) n += 1;
    const instance = { ...s, name: `${name}#${n}`, port: await freePort() };
    const entry = launch(instance.name, path.join(o.root, s.dir), serviceEnv({ ...s, port: instance.port }));
    try {
      await waitForHttp(`http://${host}:${instance.port}/readyz`, { timeoutMs: readyTimeoutMs, isAlive: () => !entry.exited });
    } catch (err) {
      throw new Error(`svc-${instance.name} did not start: ${err.message}\n--- ${entry.logFile} ---\n${tail(entry.logFile)}`);
    }
    return { name: instance.name, port: instance.port };
  };
  const stopChild = (name, signal = 'SIGTERM') =>
    new Promise((resolve) => {
      const entry = children.get(name);
      if (!entry || entry.exited) return resolve();
      const timer = setTimeout(() => entry.child.kill('SIGKILL'), 10_000);
      entry.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      entry.child.kill(signal);
    });

  /** Stops the stack's FerretDB ('SIGKILL': at once, as a crash) and keeps its data for startDatabase. */
  const stopDatabase = async (signal = 'SIGTERM') => {
    if (!ferret) throw new Error('this stack uses MONGO_URL: it has no database process of its own');
    const running = ferret.child;
    if (running.exitCode !== null || running.signalCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill(signal);
    });
  };
  /** Starts the stack's FerretDB again on the same port and data. */
  const startDatabase = async () => {
    if (!ferret) throw new Error('this stack uses MONGO_URL: it has no database process of its own');
    if (ferret.child.exitCode === null && ferret.child.signalCode === null) throw new Error('the database is running already');
    ferret = await startFerret(ferretOptions);
  };

  const stop = async () => {
    await Promise.all([...children.keys()].filter((n) => n === 'gateway' || n.startsWith('gateway#')).map((n) => stopChild(n)));
    // Every service process, extra instances included.
    await Promise.all(services.flatMap((s) => [...children.keys()].filter((n) => n === s.name || n.startsWith(`${s.name}#`))).map((n) => stopChild(n)));
    await stopChild('open-humans-standin');
    await stopChild('typefinder-standin');
    if (ferret) await stopFerret(ferret);
    if (dropDatabase) await dropDatabase().catch((err) => log(`could not drop the stack's database: ${err.message}`));
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
        MASTER_ACCESS_TOKEN: secrets.openHumansMasterToken,
        // Kept across restarts, except where nothing restarts it and each change rewriting the whole
        // file would weigh on what is measured (a benchmark's thousands of members).
        ...(o.standinStateFile === false ? {} : { STATE_FILE: path.join(o.dataDir, '..', 'open-humans-standin.json') }),
        ...(o.standinEnv ?? {}),
      });
      try {
        await waitForHttp(`${ohUrl}/healthz`, { timeoutMs: readyTimeoutMs, isAlive: () => !standin.exited });
      } catch (err) {
        throw new Error(`the Open Humans stand-in did not start: ${err.message}\n--- ${standin.logFile} ---\n${tail(standin.logFile)}`);
      }
      participantsEnv = { OH_BASE_URL: ohUrl, OH_CLIENT_ID: client.id, OH_CLIENT_SECRET: client.secret, OH_WEBHOOK_SECRET: client.webhookSecret, OH_MASTER_ACCESS_TOKEN: secrets.openHumansMasterToken };
      // The client's id and secret: a benchmark makes its stored participants members through the stand-in's own protocol.
      openHumans = { url: ohUrl, standin: true, clientId: client.id, clientSecret: client.secret, redirectUri: `${publicUrl}/return` };
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
        await waitForHttp(`${tfUrl}/healthz`, { timeoutMs: readyTimeoutMs, isAlive: () => !widget.exited });
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
      PARTICIPANT_SESSION_SECRET: secrets.participantSessionSecret,
      TYPEFINDER_WIDGET_URL: typeFinder.widgetUrl,
      // The consent form's contacts: the same study-team address the gateway shows.
      STUDY_CONTACT_EMAIL: common.STUDY_CONTACT_EMAIL || DEFAULT_CONTACT_EMAIL,
      ...LOCAL_REVIEW_BOARD,
      ...participantsEnv,
      // What the operator set wins over the embedded defaults.
      ...Object.fromEntries(
        [
          'OH_REDIRECT_URI',
          'OH_CLIENT_SECRET',
          'OH_WEBHOOK_SECRET',
          'OH_MASTER_ACCESS_TOKEN',
          'TOKEN_ENCRYPTION_KEY',
          'STUDY_EMAIL_HOST',
          'ADMIN_MASTER_KEY',
          'TYPEFINDER_WEBHOOK_SECRET',
          'PARTICIPANT_SESSION_SECRET',
          ...Object.keys(LOCAL_REVIEW_BOARD),
        ]
          .filter((k) => common[k])
          .map((k) => [k, common[k]]),
      ),
    };
    stackInfo.typeFinder = typeFinder;
    stackInfo.adminMasterKey = participantsEnv.ADMIN_MASTER_KEY;
    // The key the exports' pseudonyms come from: tests look a participant's row up by it.
    stackInfo.tokenEncryptionKey = participantsEnv.TOKEN_ENCRYPTION_KEY;
    // Signs participants' sessions: a benchmark signs those of participants it stored directly.
    stackInfo.participantSessionSecret = participantsEnv.PARTICIPANT_SESSION_SECRET;

    await Promise.all(services.map((s) => startService(s.name)));
    const gatewayEnv = (gatewayPort, extra = {}) => ({
      ...common,
      PORT: String(gatewayPort),
      FRONTEND_ROOT: o.frontendRoot ?? o.root,
      PARTICIPANTS_URL: `http://${host}:${services[0].port}`,
      SCORING_URL: `http://${host}:${services[1].port}`,
      REPORTS_URL: `http://${host}:${services[2].port}`,
      // The gateway refuses to start without a contact address; the embedded stack names the
      // local study team's mailbox unless the operator sets the real one.
      STUDY_CONTACT_EMAIL: common.STUDY_CONTACT_EMAIL || DEFAULT_CONTACT_EMAIL,
      // The same secret svc-participants signs participant sessions with.
      PARTICIPANT_SESSION_SECRET: participantsEnv.PARTICIPANT_SESSION_SECRET,
      // Stacks sharing one Redis (tests side by side) keep their own counts.
      RATE_LIMIT_KEY_PREFIX: common.RATE_LIMIT_KEY_PREFIX || (o.queuePrefix ? `rate:${o.queuePrefix}` : 'study:rate'),
      // The TypeFinder widget is framed by the dashboard.
      CSP_FRAME_SRC: [common.CSP_FRAME_SRC || "'self'", new URL(stackInfo.typeFinder.widgetUrl).origin].join(' '),
      ...extra,
    });
    const startGatewayProcess = async (name, gatewayPort, extra) => {
      const gw = launch(name, path.join(o.root, 'gateway'), gatewayEnv(gatewayPort, extra));
      try {
        await waitForHttp(`http://${host}:${gatewayPort}/healthz`, { timeoutMs: readyTimeoutMs, isAlive: () => !gw.exited });
      } catch (err) {
        throw new Error(`the ${name} did not start: ${err.message}\n--- ${gw.logFile} ---\n${tail(gw.logFile)}`);
      }
    };
    await startGatewayProcess('gateway', port);
    /**
     * Another gateway in front of the same services, on its own port, with its own frontends
     * (env: FRONTEND_ROOT, RELEASES_ROOT, ...): e.g. an older shell or other remote releases.
     * Named `gateway#<n>`; answers its name and URL. Stopped with the stack, or by stopGatewayInstance.
     */
    const startGatewayInstance = async (env = {}) => {
      let n = 2;
      while (children.has(`gateway#${n}`)) n += 1;
      const name = `gateway#${n}`;
      const gatewayPort = await freePort();
      await startGatewayProcess(name, gatewayPort, env);
      return { name, url: `http://${host}:${gatewayPort}` };
    };
    return {
      url: publicUrl,
      openHumans,
      ...stackInfo,
      services,
      children,
      mongoUrl,
      databaseMetricsUrl: ferret?.metricsUrl,
      amqpUrl,
      redisUrl,
      startService,
      /** 'SIGKILL' kills the service at once, as a crash would. */
      stopService: (name, signal) => stopChild(name, signal),
      startServiceInstance,
      startGatewayInstance,
      stopGatewayInstance: (name) => stopChild(name),
      stopDatabase,
      startDatabase,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
