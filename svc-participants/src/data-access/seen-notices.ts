import { createHash } from 'node:crypto';
import type { RedisConnection } from '@study/service-kit';

/**
 * Webhook notices already received, by the SHA-256 of their exact body, kept in Redis for a
 * while: every instance of the service refuses a notice another one has taken.
 */
export class SeenNotices {
  constructor(
    private readonly redis: RedisConnection,
    /** Scoped like the locks (by database), so two deployments or tests never share one. */
    private readonly prefix: string,
  ) {}

  private key(body: Buffer | string): string {
    return this.prefix + createHash('sha256').update(body).digest('hex');
  }

  /** Notes the notice as seen for `keepMs`; false when it was seen before. */
  async firstSighting(body: Buffer | string, keepMs: number): Promise<boolean> {
    return (await this.redis.set(this.key(body), '1', { condition: 'NX', expiration: { type: 'PX', value: Math.max(1000, Math.ceil(keepMs)) } })) !== null;
  }

  /** Forgets a notice whose handling failed, so a resend of it can be handled. */
  async forget(body: Buffer | string): Promise<void> {
    await this.redis.del(this.key(body));
  }
}
