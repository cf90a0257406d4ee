import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { createClient } from 'redis';

/** Any node-redis client; the limiter only sends its own commands. */
type RedisClient = Pick<ReturnType<typeof createClient>, 'isReady'>;

export interface RateLimitSettings {
  /** Calls per minute from one client address to the routes anyone may call (and the webhooks). */
  publicPerMinute: number;
  /** Calls per minute for one study ID, from any address, to the participant routes. */
  participantPerMinute: number;
  /** Result streams one participant may hold open at once (their tabs and devices). */
  streamsPerParticipant: number;
  /** Result streams this gateway holds open at once, for everyone. */
  streamsTotal: number;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const MINUTE_SECONDS = 60;

/**
 * The gateway's limits (architecture.md gives it the job): calls per client address on public
 * routes and per study ID on participant routes, counted in Redis so every gateway instance
 * shares them, and open result streams, counted by this instance. While Redis is away the counts
 * go on in memory, per instance: a Redis outage neither opens the floodgates nor shuts the study.
 */
export class RateLimits {
  private readonly publicCalls: RateLimiterRedis;
  private readonly participantCalls: RateLimiterRedis;
  private readonly openStreams = new Map<string, number>();
  private openTotal = 0;

  constructor(
    redis: RedisClient,
    private readonly settings: RateLimitSettings,
    keyPrefix: string,
  ) {
    const limiter = (name: string, points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: true,
        keyPrefix: `${keyPrefix}:${name}`,
        points,
        duration: MINUTE_SECONDS,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points, duration: MINUTE_SECONDS }),
      });
    this.publicCalls = limiter('public', settings.publicPerMinute);
    this.participantCalls = limiter('participant', settings.participantPerMinute);
  }

  /** One call from `address` to a route anyone may call. */
  takePublic(address: string): Promise<RateVerdict> {
    return take(this.publicCalls, address);
  }

  /** One call for the participant `pgId` (lower case). */
  takeParticipant(pgId: string): Promise<RateVerdict> {
    return take(this.participantCalls, pgId);
  }

  /** A slot for one more open result stream of `pgId`; call the answer once the stream ends. Undefined: no slot. */
  openStream(pgId: string): (() => void) | undefined {
    const open = this.openStreams.get(pgId) ?? 0;
    if (open >= this.settings.streamsPerParticipant || this.openTotal >= this.settings.streamsTotal) return undefined;
    this.openStreams.set(pgId, open + 1);
    this.openTotal += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.openTotal -= 1;
      const left = (this.openStreams.get(pgId) ?? 1) - 1;
      if (left > 0) this.openStreams.set(pgId, left);
      else this.openStreams.delete(pgId);
    };
  }
}

async function take(limiter: RateLimiterRedis, key: string): Promise<RateVerdict> {
  try {
    await limiter.consume(key);
    return { allowed: true };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    throw refusal;
  }
}
