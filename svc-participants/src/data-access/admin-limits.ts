import type { RedisConnection } from '@study/service-kit';

export interface WindowCount {
  count: number;
  /** When the window ends, in milliseconds from now (0 when nothing was counted). */
  resetInMs: number;
}

/**
 * Fixed-window counters in Redis, shared by every instance of the service: the window starts
 * with the first hit and the counter expires with it.
 */
export class RedisWindowCounters {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {}

  async read(name: string): Promise<WindowCount> {
    const key = this.prefix + name;
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.pTTL(key)]);
    return { count: count === null ? 0 : Number(count), resetInMs: Math.max(0, ttl) };
  }

  async hit(name: string): Promise<WindowCount> {
    const key = this.prefix + name;
    // One round trip; NX keeps the window of the first hit instead of sliding it with every hit.
    const [count, , ttl] = (await this.redis.multi().incr(key).pExpire(key, this.windowMs, 'NX').pTTL(key).exec()) as unknown as [number, number, number];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  }
}

/** One-time ids already used (download-link tokens, webhook notices): each works once. */
export class SpentTokens {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
  ) {}

  /** Marks the token's one-time id as used; false when it was used already. */
  async spend(nonce: string, keepMs: number): Promise<boolean> {
    const set = await this.redis.set(this.prefix + nonce, '1', { condition: 'NX', expiration: { type: 'PX', value: Math.max(1000, Math.ceil(keepMs)) } });
    return set !== null;
  }

  /** Makes a spent id usable again (its use failed before anything happened). */
  async unspend(nonce: string): Promise<void> {
    await this.redis.del(this.prefix + nonce);
  }
}
