import { randomBytes } from 'node:crypto';
import type { RedisClientType } from 'redis';

/** Runs work for one key at a time, across every process that shares the lock's Redis and prefix. */
export interface KeyedLock {
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/** Thrown by `run` when the key could not be locked within `waitMs`; `fn` was not called. */
export class LockTimeoutError extends Error {
  constructor(
    readonly key: string,
    readonly waitedMs: number,
  ) {
    super(`Could not lock "${key}" within ${waitedMs} ms`);
    this.name = 'LockTimeoutError';
  }
}

/** Where a lease that could not be extended in time is reported (pino-compatible). */
export interface KeyedLockLogger {
  warn(o: object, msg?: string): void;
}

export interface RedisKeyedLockOptions {
  /** Prepended to every key in Redis; give each service (or test) its own. Default `lock:`. */
  prefix?: string;
  /** Lease length: a crashed holder blocks the key for at most this long. Default 10000. */
  ttlMs?: number;
  /** How long `run` waits for the key before it throws LockTimeoutError. Default 15000. */
  waitMs?: number;
  /** Reports a lease that expired while `fn` was still running (mutual exclusion was lost). */
  logger?: KeyedLockLogger;
}

// Any node-redis client works, whatever modules, scripts or RESP version it was created with.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRedisClient = RedisClientType<any, any, any, any, any>;
export type KeyedLockRedis = Pick<AnyRedisClient, 'set' | 'eval'>;

// Delete / extend the lease only if it is still ours: after an expiry another holder may own it.
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const EXTEND_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

// A waiter in another process polls; short pauses (2 ms doubling to 20 ms) take a freed key
// within a few ms instead of up to 100 ms later. Callers in one process never poll: they
// queue in memory and take the lease one after another.
const MIN_POLL_MS = 2;
const MAX_POLL_MS = 20;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A lock per key backed by a Redis lease (SET NX PX with a random token).
 *
 * Calls for the same key inside one process queue up in memory first, so only one of them at a
 * time competes for the Redis lease; the lease then excludes other processes. While `fn` runs
 * the lease is extended, so work that outlives the ttl keeps the key.
 */
export function createRedisKeyedLock(redis: KeyedLockRedis, opts: RedisKeyedLockOptions = {}): KeyedLock {
  const prefix = opts.prefix ?? 'lock:';
  const ttlMs = opts.ttlMs ?? 10_000;
  const waitMs = opts.waitMs ?? 15_000;
  if (!Number.isInteger(ttlMs) || ttlMs < 100) throw new RangeError('ttlMs must be an integer of at least 100');
  if (!Number.isFinite(waitMs) || waitMs < 0) throw new RangeError('waitMs must be a non-negative number');

  // Tail of the in-process queue per key: resolves when the last queued caller is done.
  const tails = new Map<string, Promise<void>>();

  async function acquire(redisKey: string, token: string, key: string, startedAt: number): Promise<void> {
    let pollMs = MIN_POLL_MS;
    const take = async () => {
      const ok = await redis.set(redisKey, token, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } });
      return ok !== null && ok !== undefined;
    };
    for (;;) {
      if (await take()) return;
      const left = startedAt + waitMs - Date.now();
      if (left <= 0) throw new LockTimeoutError(key, waitMs);
      // Jitter keeps processes that wait on the same key from polling in lockstep.
      await sleep(Math.min(left, pollMs * (0.5 + Math.random())));
      pollMs = Math.min(MAX_POLL_MS, pollMs * 2);
    }
  }

  async function holdLease<T>(key: string, startedAt: number, fn: () => Promise<T>): Promise<T> {
    const redisKey = prefix + key;
    const token = randomBytes(16).toString('hex');
    await acquire(redisKey, token, key, startedAt);

    let lost = false;
    let extending: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      extending = redis
        .eval(EXTEND_SCRIPT, { keys: [redisKey], arguments: [token, String(ttlMs)] })
        .then((extended) => {
          if (Number(extended) !== 1 && !lost) {
            lost = true;
            opts.logger?.warn({ key, ttlMs }, 'keyed lock lease expired while its holder was still running');
          }
        })
        // A failed extension is retried on the next tick; the lease still has time left.
        .catch((err: unknown) => opts.logger?.warn({ key, err }, 'keyed lock lease could not be extended'));
    }, Math.max(10, Math.floor(ttlMs / 3)));
    timer.unref();

    try {
      return await fn();
    } finally {
      clearInterval(timer);
      await extending;
      try {
        await redis.eval(RELEASE_SCRIPT, { keys: [redisKey], arguments: [token] });
      } catch (err) {
        // The lease expires by itself after ttlMs; failing here would hide fn's own outcome.
        opts.logger?.warn({ key, err }, 'keyed lock lease could not be released; it will expire');
      }
    }
  }

  return {
    async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const startedAt = Date.now();
      const previous = tails.get(key) ?? Promise.resolve();
      let done!: () => void;
      const mine = new Promise<void>((resolve) => (done = resolve));
      const tail = previous.then(() => mine);
      tails.set(key, tail);
      try {
        await waitTurn(previous, key, startedAt + waitMs - Date.now(), waitMs);
        return await holdLease(key, startedAt, fn);
      } finally {
        done();
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}

/** Waits for the callers queued before us in this process, but no longer than the time left. */
function waitTurn(previous: Promise<void>, key: string, leftMs: number, waitMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LockTimeoutError(key, waitMs)), Math.max(0, leftMs));
    void previous.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
