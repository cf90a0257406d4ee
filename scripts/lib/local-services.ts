// RabbitMQ and Redis run on this machine (or wherever AMQP_URL / REDIS_URL point). We start
// them when they are installed but stopped, and otherwise say exactly what to do.
import { execSync } from 'node:child_process';
import { hostPort, isLocalHost, isPortOpen, waitForPort } from './ports';
import { has } from './system-tools';

// The one implementation, shared with the TypeScript tests.
export { freePort } from '@study/test-infra/src/free-port';

/** Stops a server that the ensure* call started itself. */
export type StopStartedServer = () => void;

/** Resolves to a function that stops the broker when this call started it. */
export async function ensureRabbitMq(url: string, log: (msg: string) => void = console.log): Promise<StopStartedServer | undefined> {
  const { host, port } = hostPort(url, 5672);
  if (await isPortOpen(port, host)) return undefined;
  if (isLocalHost(host) && has('rabbitmq-server')) {
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
export async function ensureRedis(url: string, log: (msg: string) => void = console.log): Promise<StopStartedServer | undefined> {
  const { host, port } = hostPort(url, 6379);
  if (await isPortOpen(port, host)) return undefined;
  if (isLocalHost(host) && has('redis-server')) {
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
