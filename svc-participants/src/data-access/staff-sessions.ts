import type { RedisConnection } from '@study/service-kit';
import { PASSKEY_CHALLENGE_TTL_MS, STAFF_SESSION_ABSOLUTE_TIMEOUT_MS, type StaffSession } from '@study/staff-auth';

interface StoredSession {
  staffId: string;
  createdAt: string;
  lastSeenAt: string;
}

const stored = (session: StaffSession, lastSeenAt: Date): string =>
  JSON.stringify({ staffId: session.staffId, createdAt: session.createdAt.toISOString(), lastSeenAt: lastSeenAt.toISOString() } satisfies StoredSession);

/**
 * Staff sessions in Redis, shared by every instance, under the SHA-256 of their token (what a
 * Redis dump shows cannot be used as a cookie). A session expires from Redis at its absolute
 * timeout at the latest; the idle timeout is decided on each call (sessionState).
 */
export class StaffSessions {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
  ) {}

  private key(id: string): string {
    return `${this.prefix}session:${id}`;
  }

  async create(session: StaffSession): Promise<void> {
    await this.redis.set(this.key(session.id), stored(session, session.lastSeenAt), { expiration: { type: 'PX', value: STAFF_SESSION_ABSOLUTE_TIMEOUT_MS } });
  }

  async find(id: string): Promise<StaffSession | undefined> {
    const text = await this.redis.get(this.key(id));
    if (text === null) return undefined;
    const stored = JSON.parse(text) as StoredSession;
    return { id, staffId: stored.staffId, createdAt: new Date(stored.createdAt), lastSeenAt: new Date(stored.lastSeenAt) };
  }

  /** Records a call; keeps the session's expiry (its absolute end). */
  async touch(session: StaffSession, now: Date): Promise<void> {
    await this.redis.set(this.key(session.id), stored(session, now), { condition: 'XX', expiration: 'KEEPTTL' });
  }

  async delete(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }

  /** Keeps a passkey challenge for one ceremony (a sign-in's, or a session's registration). */
  async keepChallenge(ceremony: string, challenge: string): Promise<void> {
    await this.redis.set(`${this.prefix}passkey-challenge:${ceremony}`, challenge, { expiration: { type: 'PX', value: PASSKEY_CHALLENGE_TTL_MS } });
  }

  /** The ceremony's challenge, removed as it is read: each is answered once. */
  async takeChallenge(ceremony: string): Promise<string | undefined> {
    const challenge = await this.redis.getDel(`${this.prefix}passkey-challenge:${ceremony}`);
    return challenge ?? undefined;
  }
}
