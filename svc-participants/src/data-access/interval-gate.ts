import type { RedisConnection } from '@study/service-kit';

/**
 * One run per interval for the study, whichever instance asks (every instance shares the Redis
 * key): a run takes the gate, which opens again when the interval has passed. Reminder sends and
 * the member reconciliation each have one.
 */
export class IntervalGate {
  constructor(
    private readonly redis: RedisConnection,
    private readonly key: string,
    private readonly intervalMs: number,
  ) {}

  /** Takes the gate; when it is closed, how long until it opens. */
  async take(): Promise<{ taken: true } | { taken: false; opensInMs: number }> {
    const set = await this.redis.set(this.key, String(Date.now()), { condition: 'NX', expiration: { type: 'PX', value: this.intervalMs } });
    if (set !== null) return { taken: true };
    const ttl = await this.redis.pTTL(this.key);
    return { taken: false, opensInMs: Math.max(1, ttl) };
  }
}
