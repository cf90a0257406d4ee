import { createClient, type RedisClientType } from 'redis';
import type { Logger } from 'pino';

/** A node-redis client with the default modules and RESP3. */
export type RedisConnection = RedisClientType;

const INITIAL_ATTEMPTS = 3;

export interface RedisOptions {
  logger?: Logger;
  /** How long the first connect may take before start-up fails. */
  connectTimeoutMs?: number;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Connects to Redis. After start-up the client reconnects on its own (with back-off); while
 * it is away, readiness reports redis down.
 */
export async function connectRedis(url: string, options: RedisOptions = {}): Promise<RedisConnection> {
  const timeoutMs = options.connectTimeoutMs ?? 5000;
  let everReady = false;
  const client = createClient({
    url,
    socket: {
      connectTimeout: timeoutMs,
      // At start-up a few quick attempts, then fail; once up, keep trying with back-off.
      reconnectStrategy: (retries: number) => (!everReady && retries >= INITIAL_ATTEMPTS ? false : Math.min(100 * 2 ** retries, 5000)),
    },
  });
  let lastError = '';
  client.on('error', (err: Error) => {
    // The client emits one error per failed reconnect attempt: log changes, not repeats.
    if (err.message !== lastError) options.logger?.warn({ err }, 'redis connection problem');
    lastError = err.message;
  });
  client.on('ready', () => {
    everReady = true;
    if (lastError) options.logger?.info('redis connection restored');
    lastError = '';
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([client.connect(), timeout]);
    return client;
  } catch (err) {
    client.destroy();
    throw new Error(`Could not connect to Redis at ${redactUrl(url)}: ${(err as Error).message}`, { cause: err });
  } finally {
    clearTimeout(timer);
  }
}

/** True when the client is connected and Redis answers PING. */
export async function pingRedis(client: RedisConnection): Promise<boolean> {
  if (!client.isReady) return false;
  return (await client.ping()) === 'PONG';
}
