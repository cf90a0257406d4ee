// A private RabbitMQ node for tests that stop or restart the broker: its own node name, AMQP
// and distribution ports and data directory, so the broker other runs share is never touched.
// Stopping and starting again keeps its data (durable queues and persistent messages survive).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './local-services';
import { isPortOpen, waitForPort } from './ports';

const SERVER = ['/usr/lib/rabbitmq/bin/rabbitmq-server', '/usr/sbin/rabbitmq-server'].find((file) => fs.existsSync(file));

export interface PrivateRabbitMqOptions {
  /** The node's files: its config, data and logs. */
  dir: string;
  /** The node is `<name>@localhost`. */
  name: string;
  /** How long the node may take to accept AMQP connections (default 120 s). */
  bootTimeoutMs?: number;
}

export interface PrivateRabbitMq {
  url: string;
  port: number;
  nodeName: string;
  /** Starts the node again on the same ports and data. */
  start(): Promise<void>;
  /** 'SIGTERM' shuts it down cleanly, 'SIGKILL' kills it at once. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  isRunning(): boolean;
}

/**
 * Starts a node named `<name>@localhost` with its files in `dir`; resolves once it accepts AMQP
 * connections. Answers its URL and stop()/start() to restart it on the same ports and data.
 */
export async function startPrivateRabbitMq(o: PrivateRabbitMqOptions): Promise<PrivateRabbitMq> {
  const server = SERVER;
  if (!server) throw new Error('rabbitmq-server is not installed (apt-get install rabbitmq-server)');
  fs.mkdirSync(o.dir, { recursive: true });
  const port = await freePort();
  let distPort = await freePort();
  while (distPort === port) distPort = await freePort();
  // The system-wide config names the shared broker's listener; this node reads only its own.
  fs.writeFileSync(path.join(o.dir, 'rabbitmq.conf'), `listeners.tcp.default = 127.0.0.1:${port}\nloopback_users = none\n`);
  fs.writeFileSync(path.join(o.dir, 'enabled_plugins'), '[].\n');
  fs.writeFileSync(path.join(o.dir, 'rabbitmq-env.conf'), '');
  const nodeName = `${o.name}@localhost`;
  const env = {
    ...process.env,
    // The Erlang cookie is made in HOME: this node's own, shared only with its own rabbitmqctl.
    HOME: o.dir,
    RABBITMQ_NODENAME: nodeName,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: path.join(o.dir, 'rabbitmq'),
    RABBITMQ_CONF_ENV_FILE: path.join(o.dir, 'rabbitmq-env.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(o.dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: path.join(o.dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(o.dir, 'log'),
    RABBITMQ_PID_FILE: path.join(o.dir, 'rabbitmq.pid'),
    // One scheduler pair is plenty for a test node on a small machine.
    RABBITMQ_SERVER_START_ARGS: '+S 2:2 +A 4',
  };
  const bootTimeoutMs = o.bootTimeoutMs ?? 120_000;
  let child: ChildProcess | null = null;

  const start = async (): Promise<void> => {
    if (child) throw new Error(`RabbitMQ node ${nodeName} is already running`);
    if (await isPortOpen(port)) throw new Error(`port ${port} is taken; cannot start ${nodeName}`);
    const out = fs.openSync(path.join(o.dir, 'server.log'), 'a');
    // Its own process group: the start script and the Erlang VM are stopped together.
    const started = spawn(server, [], { env, stdio: ['ignore', out, out], detached: true });
    fs.closeSync(out);
    child = started;
    const exited = new Promise<never>((_, reject) =>
      started.once('exit', (code, signal) => {
        if (child === started) child = null;
        reject(new Error(`RabbitMQ node ${nodeName} exited (${signal ?? code}); see ${path.join(o.dir, 'server.log')}`));
      }),
    );
    exited.catch(() => undefined);
    await Promise.race([waitForPort(port, '127.0.0.1', bootTimeoutMs), exited]);
  };

  /** Stops the node: 'SIGTERM' shuts it down cleanly (the start script traps it), 'SIGKILL' kills it at once. */
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    const running = child;
    const pid = running?.pid;
    if (!running || pid === undefined) return;
    const gone = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 30_000);
    try {
      process.kill(-pid, signal);
    } catch {
      /* already gone */
    }
    await gone;
    clearTimeout(timer);
    child = null;
    // The VM may outlive the script by a moment; wait until the port is free again.
    const deadline = Date.now() + 30_000;
    while ((await isPortOpen(port)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  };

  await start();
  return { url: `amqp://guest:guest@127.0.0.1:${port}`, port, nodeName, start, stop, isRunning: () => child !== null };
}
