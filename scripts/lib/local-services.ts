// RabbitMQ and Redis run on this machine (or wherever AMQP_URL / REDIS_URL point). We start
// them when they are installed but stopped, and otherwise say exactly what to do.
import { execSync } from 'node:child_process';
import { isPortOpen, waitForPort } from './ferretdb';
import { createRequire } from 'node:module';

// The one implementation, shared with the TypeScript tests.
export const { freePort } = createRequire(import.meta.url)('../../packages/test-infra/src/free-port.cjs');

const has = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

function hostPort(url, fallbackPort) {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port) || fallbackPort };
}

const isLocal = (host) => ['127.0.0.1', 'localhost', '::1'].includes(host);

/** Resolves to a function that stops the broker when this call started it. */
export async function ensureRabbitMq(url, log = console.log) {
  const { host, port } = hostPort(url, 5672);
  if (await isPortOpen(port, host)) return;
  if (isLocal(host) && has('rabbitmq-server')) {
    log('RabbitMQ is installed but not running; starting it (rabbitmq-server -detached)...');
    execSync('rabbitmq-server -detached', { stdio: 'ignore' });
    await waitForPort(port, host, 60_000);
    return () => execSync('rabbitmqctl stop', { stdio: 'ignore' });
  }
  throw new Error(
    `RabbitMQ is not reachable at ${host}:${port}.\n` +
      '  Install and start it: `apt-get install -y rabbitmq-server && rabbitmq-server -detached`\n' +
      '  or point AMQP_URL at a running broker (amqp://user:password@host:5672).',
  );
}

/** Resolves to a function that stops Redis when this call started it. */
export async function ensureRedis(url, log = console.log) {
  const { host, port } = hostPort(url, 6379);
  if (await isPortOpen(port, host)) return;
  if (isLocal(host) && has('redis-server')) {
    log('Redis is installed but not running; starting it...');
    execSync(`redis-server --daemonize yes --bind 127.0.0.1 --port ${port} --save "" --appendonly no`, { stdio: 'ignore' });
    await waitForPort(port, host, 20_000);
    return () => execSync(`redis-cli -p ${port} shutdown nosave`, { stdio: 'ignore' });
  }
  throw new Error(
    `Redis is not reachable at ${host}:${port}.\n` +
      '  Install and start it: `apt-get install -y redis-server && redis-server --daemonize yes --bind 127.0.0.1 --port 6379`\n' +
      '  or point REDIS_URL at a running Redis (redis://host:6379).',
  );
}

