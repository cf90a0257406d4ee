// Brings the whole system up on one machine: FerretDB on PostgreSQL (unless MONGO_URL is given),
// the three services and the gateway, each as a child process with its log in logDir.
// Which parts there are and their embedded ports come from @study/topology; each process's
// environment from stack-env.ts. Used by `npm start` and by the browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServiceName } from '@study/contracts';
import { EMBEDDED_DATABASE, GATEWAY, OPEN_HUMANS_STANDIN, SERVICES as SERVICE_TOPOLOGY, TYPEFINDER_STANDIN } from '@study/topology';
import { startFerret, stopFerret, type FerretOptions, type RunningFerret } from './ferretdb';
import { ensureRabbitMq, ensureRedis, freePort } from './local-services';
import { createPgDatabase, dropPgDatabase, ensurePostgres } from './postgres';
import {
  DEFAULT_CONTACT_EMAIL,
  LOCAL_REVIEW_BOARD,
  ONE_ADDRESS_LIMITS,
  STANDIN_CLIENT_ID,
  completeSecrets,
  gatewayEnvironment,
  openHumansRedirectUri,
  openHumansStandinEnvironment,
  participantsEnvironment,
  serviceEnvironment,
  typeFinderStandinEnvironment,
  typeFinderWidgetUrl,
  weakMasterKeyAdvice,
  type Env,
  type LocalSecrets,
  type OpenHumansSetting,
} from './stack-env';

export { DEFAULT_CONTACT_EMAIL, LOCAL_REVIEW_BOARD, ONE_ADDRESS_LIMITS };

/** The PostgreSQL database `npm start` keeps its data in across restarts. */
export const STUDY_PG_DATABASE = EMBEDDED_DATABASE.pgDatabase;

/** The port of `npm start`'s FerretDB. */
export const STUDY_FERRET_PORT = EMBEDDED_DATABASE.ferretPort;

/** A service as the embedded stack runs it: its folder, port and database (before a stack's prefix). */
export interface StackService {
  name: ServiceName;
  dir: string;
  port: number;
  db: string;
}

/** The services at their embedded ports (npm start), from the topology. */
export const SERVICES: readonly StackService[] = SERVICE_TOPOLOGY.map((service) => ({ name: service.name, dir: service.folder, port: service.embeddedPort, db: service.database }));

export interface StackOptions {
  /** The repository root. */
  root: string;
  /** The gateway's port (default 8080). */
  port?: number;
  /** The address every process listens on (default 127.0.0.1). */
  host?: string;
  /** FerretDB's state directory; the secrets and the Open Humans stand-in's state are kept beside it. */
  dataDir: string;
  /**
   * The PostgreSQL database FerretDB stores the data in; default `ferretdb_study`, or with
   * freePorts a new one that stop() drops.
   */
  pgDatabase?: string;
  /** FerretDB's port (default 27027, or a free one with freePorts). */
  ferretPort?: number;
  /** One log file per process. */
  logDir: string;
  /** Pick free ports for every process (tests) instead of the embedded ones (4101-4103, 4201-4202). */
  freePorts?: boolean;
  /** Extra environment for every process. */
  env?: Env;
  /** Prefix for each service's queue name. */
  queuePrefix?: string;
  /** Prefix for each service's database name. */
  dbPrefix?: string;
  /** The folder holding each frontend's dist (default: root). */
  frontendRoot?: string;
  /** The broker of this stack (default: AMQP_URL or the local one). */
  amqpUrl?: string;
  /** false: the Open Humans stand-in keeps its members in memory only (default: in a state file beside dataDir). */
  standinStateFile?: boolean;
  /** Extra environment for the Open Humans stand-in. */
  standinEnv?: Env;
  /** FerretDB also serves its metrics (the commands it ran) on a free port: `databaseMetricsUrl`. */
  databaseMetrics?: boolean;
  /** How long each process may take to answer its health check (default 30 s). */
  readyTimeoutMs?: number;
  /**
   * How many times to start a stack of free ports (freePorts) when a part misses its start
   * deadline, as a busy machine may make it (default 1). Each try starts on fresh data.
   */
  attempts?: number;
  log?: (msg: string) => void;
}

/** One process of the stack. */
export interface StackChild {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: boolean;
}

/** Open Humans as the stack uses it; with the stand-in, the study's client too (a benchmark makes its stored participants members through the stand-in's own protocol). */
export type StackOpenHumans = { url: string; standin: false } | { url: string; standin: true; clientId: string; clientSecret: string; redirectUri: string };

/** The TypeFinder widget the dashboard frames. */
export interface StackTypeFinder {
  widgetUrl: string;
  standin: boolean;
}

export interface Stack {
  /** The gateway: the one origin browsers reach. */
  url: string;
  openHumans: StackOpenHumans;
  typeFinder: StackTypeFinder;
  adminMasterKey: string;
  /** The key the exports' pseudonyms come from: tests look a participant's row up by it. */
  tokenEncryptionKey: string;
  /** Signs participants' sessions: a benchmark signs those of participants it stored directly. */
  participantSessionSecret: string;
  /** The services at this stack's ports. */
  services: StackService[];
  /** Every process, by name (gateway, participants, participants#2, open-humans-standin, ...). */
  children: Map<string, StackChild>;
  mongoUrl: string;
  databaseMetricsUrl: string | undefined;
  amqpUrl: string;
  redisUrl: string;
  startService(name: ServiceName): Promise<void>;
  /** A service's environment as this stack runs it (its database, queue and secrets): a benchmark runs the service's own commands with it. */
  serviceEnv(name: ServiceName): Env;
  /** 'SIGKILL' kills the service at once, as a crash would. */
  stopService(name: string, signal?: NodeJS.Signals): Promise<void>;
  /**
   * Another process of a service (same database and queue, its own port; the gateway keeps
   * calling the first), named `<name>#<n>`; answers its name and port.
   */
  startServiceInstance(name: ServiceName): Promise<{ name: string; port: number }>;
  /**
   * Another gateway in front of the same services, on its own port, with its own frontends
   * (env: FRONTEND_ROOT, RELEASES_ROOT, ...): e.g. an older shell or other remote releases.
   * Named `gateway#<n>`; answers its name and URL. Stopped with the stack, or by stopGatewayInstance.
   */
  startGatewayInstance(env?: Env): Promise<{ name: string; url: string }>;
  stopGatewayInstance(name: string): Promise<void>;
  /** Stops the gateway and starts it again on its port with the same environment (a rebuilt gateway: npm run dev). */
  restartGateway(): Promise<void>;
  /** Stops the stack's FerretDB ('SIGKILL': at once, as a crash) and keeps its data for startDatabase. */
  stopDatabase(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the stack's FerretDB again on the same port and data. */
  startDatabase(): Promise<void>;
  stop(): Promise<void>;
}

const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Secrets the embedded stack makes once and keeps beside its data, so restarts can read old tokens. */
function localSecrets(file: string): LocalSecrets {
  const stored: unknown = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
  const { secrets, changed } = completeSecrets(stored, (bytes) => randomBytes(bytes).toString('hex'));
  if (changed) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

// STACK_START_TIMEOUT_MS: a busy machine may need longer than the default for a part to come up.
async function waitForHttp(url: string, { timeoutMs = Number(process.env.STACK_START_TIMEOUT_MS) || 30_000, isAlive = () => true }: { timeoutMs?: number; isAlive?: () => boolean } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      last = errorMessage(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms (${last})`);
}

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Starts the whole system; with `attempts`, a stack of free ports that did not start is stopped and started again. */
export async function startStack(o: StackOptions): Promise<Stack> {
  // Only a stack of free ports holds nothing to keep: npm start's data stays where it is.
  const attempts = o.freePorts ? (o.attempts ?? 1) : 1;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startStackOnce(o);
    } catch (err) {
      if (attempt >= attempts) throw err;
      (o.log ?? console.log)(`the system did not start (${errorMessage(err).split('\n')[0]}); trying again`);
      fs.rmSync(o.dataDir, { recursive: true, force: true });
    }
  }
}

async function startStackOnce(o: StackOptions): Promise<Stack> {
  const log = o.log ?? console.log;
  // A master key svc-participants would refuse stops the stack here, before anything starts, saying what to do.
  const secretsFile = path.join(o.dataDir, '..', 'secrets.json');
  const secrets = localSecrets(secretsFile);
  const keyAdvice = weakMasterKeyAdvice({ common: { ...process.env, ...(o.env ?? {}) }, secrets, secretsFile });
  if (keyAdvice) throw new Error(keyAdvice);
  const readyTimeoutMs = o.readyTimeoutMs ?? 30_000;
  const host = o.host ?? '127.0.0.1';
  const amqpUrl = o.amqpUrl ?? (process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672');
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  fs.mkdirSync(o.logDir, { recursive: true });
  // Stop on exit only what this call started.
  const stopStartedDeps = [await ensureRabbitMq(amqpUrl, log), await ensureRedis(redisUrl, log)].filter((stopDep) => stopDep !== undefined);

  const children = new Map<string, StackChild>();
  let ferret: RunningFerret | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let ferretOptions: FerretOptions | undefined;
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

  const common: Env = { ...process.env, MONGO_URL: mongoUrl, AMQP_URL: amqpUrl, REDIS_URL: redisUrl, HOST: host, ...(o.env ?? {}) };
  const services: StackService[] = [];
  for (const s of SERVICES) services.push({ ...s, port: o.freePorts ? await freePort() : s.port });
  const serviceNamed = (name: ServiceName): StackService => {
    const service = services.find((x) => x.name === name);
    if (!service) throw new Error(`no service ${name}`);
    return service;
  };
  const port = o.port ?? GATEWAY.embeddedPort;
  const publicUrl = `http://${host}:${port}`;

  const launch = (name: string, cwd: string, env: Env): StackChild => {
    const logFile = path.join(o.logDir, `${name}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd, env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const entry: StackChild = { name, child, logFile, exited: false };
    child.once('exit', () => (entry.exited = true));
    children.set(name, entry);
    return entry;
  };
  /** Waits for a launched process's health check; names the part and shows its log's end when it never answers. */
  const awaitReady = async (entry: StackChild, url: string, what: string): Promise<void> => {
    try {
      await waitForHttp(url, { timeoutMs: readyTimeoutMs, isAlive: () => !entry.exited });
    } catch (err) {
      throw new Error(`${what} did not start: ${errorMessage(err)}\n--- ${entry.logFile} ---\n${tail(entry.logFile)}`);
    }
  };

  // Set once the stand-ins are up, before any service starts.
  let participantsEnv: Env = {};
  const serviceEnv = (s: StackService): Env =>
    serviceEnvironment({ common, service: s.name, port: s.port, dbPrefix: o.dbPrefix, queuePrefix: o.queuePrefix, logFingerprintKey: secrets.logFingerprintKey, participantsEnv });
  const startService = async (name: ServiceName): Promise<void> => {
    const s = serviceNamed(name);
    const entry = launch(s.name, path.join(o.root, s.dir), serviceEnv(s));
    await awaitReady(entry, `http://${host}:${s.port}/readyz`, `svc-${s.name}`);
  };
  const startServiceInstance = async (name: ServiceName): Promise<{ name: string; port: number }> => {
    const s = serviceNamed(name);
    let n = 2;
    while (children.has(`${name}#${n}`)) n += 1;
    const instance = { name: `${name}#${n}`, port: await freePort() };
    const entry = launch(instance.name, path.join(o.root, s.dir), serviceEnv({ ...s, port: instance.port }));
    await awaitReady(entry, `http://${host}:${instance.port}/readyz`, `svc-${instance.name}`);
    return instance;
  };
  const stopChild = (name: string, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> =>
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

  const stopDatabase = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (!ferret) throw new Error('this stack uses MONGO_URL: it has no database process of its own');
    const running = ferret.child;
    if (running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill(signal);
    });
  };
  const startDatabase = async (): Promise<void> => {
    if (!ferret || !ferretOptions) throw new Error('this stack uses MONGO_URL: it has no database process of its own');
    if (ferret.child.exitCode === null && ferret.child.signalCode === null) throw new Error('the database is running already');
    ferret = await startFerret(ferretOptions);
  };

  const stop = async (): Promise<void> => {
    await Promise.all([...children.keys()].filter((n) => n === 'gateway' || n.startsWith('gateway#')).map((n) => stopChild(n)));
    // Every service process, extra instances included.
    await Promise.all(services.flatMap((s) => [...children.keys()].filter((n) => n === s.name || n.startsWith(`${s.name}#`))).map((n) => stopChild(n)));
    await stopChild(OPEN_HUMANS_STANDIN.processName);
    await stopChild(TYPEFINDER_STANDIN.processName);
    if (ferret) await stopFerret(ferret);
    if (dropDatabase) await dropDatabase().catch((err: unknown) => log(`could not drop the stack's database: ${errorMessage(err)}`));
    for (const stopDep of stopStartedDeps) {
      try {
        stopDep();
      } catch {
        /* already stopped */
      }
    }
  };

  try {
    // Open Humans: the real platform when a client is configured, otherwise the local stand-in.
    let openHumans: StackOpenHumans;
    let openHumansSetting: OpenHumansSetting;
    if (common.OH_CLIENT_ID) {
      openHumansSetting = { standin: false, url: common.OH_BASE_URL || 'https://www.openhumans.org' };
      openHumans = { url: openHumansSetting.url, standin: false };
    } else {
      const ohPort = o.freePorts ? await freePort() : OPEN_HUMANS_STANDIN.embeddedPort;
      const ohUrl = `http://${host}:${ohPort}`;
      const client = { clientId: STANDIN_CLIENT_ID, clientSecret: secrets.openHumansClientSecret, webhookSecret: secrets.openHumansWebhookSecret };
      const standin = launch(
        OPEN_HUMANS_STANDIN.processName,
        path.join(o.root, OPEN_HUMANS_STANDIN.folder),
        openHumansStandinEnvironment({
          base: process.env,
          port: ohPort,
          host,
          publicUrl,
          ...client,
          masterAccessToken: secrets.openHumansMasterToken,
          // Kept across restarts, except where nothing restarts it and each change rewriting the whole
          // file would weigh on what is measured (a benchmark's thousands of members).
          stateFile: o.standinStateFile === false ? undefined : path.join(o.dataDir, '..', 'open-humans-standin.json'),
          extra: o.standinEnv,
        }),
      );
      await awaitReady(standin, `${ohUrl}/healthz`, 'the Open Humans stand-in');
      openHumansSetting = { standin: true, url: ohUrl, ...client, masterAccessToken: secrets.openHumansMasterToken };
      openHumans = { url: ohUrl, standin: true, clientId: client.clientId, clientSecret: client.clientSecret, redirectUri: openHumansRedirectUri(publicUrl) };
    }
    // TypeFinder: the provider has no public API; its results reach the study's signed webhook.
    // Locally the stand-in widget plays the provider unless TYPEFINDER_WIDGET_URL names the real one.
    let typeFinder: StackTypeFinder;
    if (common.TYPEFINDER_WIDGET_URL) {
      typeFinder = { widgetUrl: common.TYPEFINDER_WIDGET_URL, standin: false };
    } else {
      const tfPort = o.freePorts ? await freePort() : TYPEFINDER_STANDIN.embeddedPort;
      const widget = launch(
        TYPEFINDER_STANDIN.processName,
        path.join(o.root, TYPEFINDER_STANDIN.folder),
        typeFinderStandinEnvironment({ base: process.env, port: tfPort, host, publicUrl, webhookSecret: common.TYPEFINDER_WEBHOOK_SECRET || secrets.typeFinderWebhookSecret }),
      );
      const tfUrl = `http://${host}:${tfPort}`;
      await awaitReady(widget, `${tfUrl}/healthz`, 'the TypeFinder stand-in');
      typeFinder = { widgetUrl: typeFinderWidgetUrl(tfUrl), standin: true };
    }

    participantsEnv = participantsEnvironment({ common, secrets, openHumans: openHumansSetting, typeFinderWidgetUrl: typeFinder.widgetUrl, publicUrl });
    const participantSessionSecret = participantsEnv.PARTICIPANT_SESSION_SECRET ?? secrets.participantSessionSecret;

    await Promise.all(services.map((s) => startService(s.name)));
    const servicePorts = Object.fromEntries(services.map((s) => [s.name, s.port])) as Record<ServiceName, number>;
    const startGatewayProcess = async (name: string, gatewayPort: number, extra?: Env): Promise<void> => {
      const env = gatewayEnvironment({
        common,
        port: gatewayPort,
        host,
        frontendRoot: o.frontendRoot ?? o.root,
        servicePorts,
        participantSessionSecret,
        queuePrefix: o.queuePrefix,
        typeFinderWidgetUrl: typeFinder.widgetUrl,
        extra,
      });
      const gw = launch(name, path.join(o.root, GATEWAY.folder), env);
      await awaitReady(gw, `http://${host}:${gatewayPort}/healthz`, `the ${name}`);
    };
    await startGatewayProcess('gateway', port);
    const startGatewayInstance = async (env: Env = {}): Promise<{ name: string; url: string }> => {
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
      typeFinder,
      adminMasterKey: participantsEnv.ADMIN_MASTER_KEY ?? secrets.adminMasterKey,
      tokenEncryptionKey: participantsEnv.TOKEN_ENCRYPTION_KEY ?? secrets.tokenEncryptionKey,
      participantSessionSecret,
      services,
      children,
      mongoUrl,
      databaseMetricsUrl: ferret?.metricsUrl,
      amqpUrl,
      redisUrl,
      startService,
      serviceEnv: (name) => serviceEnv(serviceNamed(name)),
      stopService: (name, signal) => stopChild(name, signal),
      startServiceInstance,
      startGatewayInstance,
      stopGatewayInstance: (name) => stopChild(name),
      restartGateway: async () => {
        await stopChild('gateway');
        await startGatewayProcess('gateway', port);
      },
      stopDatabase,
      startDatabase,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
