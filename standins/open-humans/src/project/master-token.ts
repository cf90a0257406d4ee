import { createHash, timingSafeEqual } from 'node:crypto';
import { generateToken } from '../oauth/grants';

export type MasterTokenCheck = 'valid' | 'expired' | 'unknown';

export interface MasterTokenView {
  configured: boolean;
  /** ISO time the token stops working; null when expiry is turned off (MASTER_TOKEN_TTL_SECONDS=0). */
  expires_at: string | null;
  expired: boolean;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The project's master access token, as the platform keeps it on the project
 * (DataRequestProject.master_access_token, token_expiration_date, token_expiration_disabled): it
 * lasts a fixed time from when the project got it (here: the stand-in's start, or the last
 * regeneration), unless an admin turned expiry off. Kept in memory only: a restart brings back
 * MASTER_ACCESS_TOKEN with a fresh lifetime.
 */
export class MasterToken {
  private token: string | undefined;
  private expiresAt: number | null;

  constructor(
    configured: string | undefined,
    private readonly ttlSeconds: number,
    private readonly now: () => number,
  ) {
    this.token = configured;
    this.expiresAt = this.freshExpiry();
  }

  private freshExpiry(): number | null {
    return this.ttlSeconds > 0 ? this.now() + this.ttlSeconds * 1000 : null;
  }

  get expirationDisabled(): boolean {
    return this.expiresAt === null;
  }

  /** MasterTokenAuthentication: expired only once the expiry time has passed (token_expiration_date < now). */
  private isExpired(): boolean {
    return this.expiresAt !== null && this.expiresAt < this.now();
  }

  check(given: string): MasterTokenCheck {
    // Compare digests so the comparison takes the same time whatever the lengths.
    if (this.token === undefined || !timingSafeEqual(digest(given), digest(this.token))) return 'unknown';
    return this.isExpired() ? 'expired' : 'valid';
  }

  /** Makes the token expired now; false when expiry is turned off (the platform then ignores the date). */
  expireNow(): boolean {
    if (this.expiresAt === null) return false;
    this.expiresAt = this.now() - 1;
    return true;
  }

  /** The coordinator's "Refresh token" button (DataRequestProject.refresh_token): a new 64-character token, a fresh lifetime, the old one stops working. */
  regenerate(): string {
    this.token = generateToken(64);
    if (this.expiresAt !== null) this.expiresAt = this.freshExpiry();
    return this.token;
  }

  view(): MasterTokenView {
    return {
      configured: this.token !== undefined,
      expires_at: this.expiresAt === null ? null : new Date(this.expiresAt).toISOString(),
      expired: this.token !== undefined && this.isExpired(),
    };
  }
}
