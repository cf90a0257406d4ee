import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { RedisClientType } from 'redis';

// Any node-redis client works, whatever modules, scripts or RESP version it was created with.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRedisClient = RedisClientType<any, any, any, any, any>;
export type LockoutRedis = Pick<AnyRedisClient, 'eval'>;

export interface LockoutOptions {
  /** Prepended to every key in Redis; give each service (or test) its own. Default `staff-login:`. */
  prefix?: string;
  /** Failed sign-ins one account may take before it is locked. Default 5. */
  accountLimit?: number;
  /** Failed sign-ins one client address may make, over every account, before it is locked. Default 20. */
  addressLimit?: number;
  /** How long failures are remembered from the first one. Default 15 minutes. */
  windowMs?: number;
  /** How long a lock lasts from the attempt that reached the limit. Default 15 minutes. */
  lockMs?: number;
}

/** Whom a sign-in attempt is counted against: the account it names (e.g. its e-mail) and the client's address. */
export interface AttemptSubject {
  account: string;
  address: string;
}

export type Reservation =
  /** Go on and verify; the attempt already counts as a failure until clearOnSuccess. */
  | { allowed: true }
  /** Do not verify: answer 429 with Retry-After. */
  | { allowed: false; lockedBy: 'account' | 'address'; retryAfterMs: number };

export interface LoginLockout {
  /**
   * Counts an attempt BEFORE the credentials are checked, in one atomic step: when the account or
   * the address has reached its limit, nothing is counted and the answer is locked; otherwise both
   * counters go up and the answer is allowed. However many requests race, at most `limit` are
   * allowed per window, since none is evaluated without having been counted first.
   */
  reserveAttempt(subject: AttemptSubject): Promise<Reservation>;
  /**
   * After a successful sign-in: forgets the account's failures, and gives back the address the
   * one attempt it reserved (not all of them: one account of one's own must not reset the count
   * of guesses at others from the same address).
   */
  clearOnSuccess(subject: AttemptSubject): Promise<void>;
}

// KEYS: the account's counter, the address's. ARGV: accountLimit, addressLimit, windowMs, lockMs.
// A counter's first failure gives it the window's expiry; the failure that reaches the limit
// gives it the lock's, so a lock lasts lockMs whenever in the window it was reached.
const RESERVE_SCRIPT = `
local limits = { tonumber(ARGV[1]), tonumber(ARGV[2]) }
for i = 1, 2 do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= limits[i] then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[i], ARGV[4])
      ttl = tonumber(ARGV[4])
    end
    return { i, ttl }
  end
end
for i = 1, 2 do
  local count = redis.call('INCR', KEYS[i])
  if count >= limits[i] then
    redis.call('PEXPIRE', KEYS[i], ARGV[4])
  elseif count == 1 then
    redis.call('PEXPIRE', KEYS[i], ARGV[3])
  end
end
return { 0, 0 }`;

// KEYS: the account's counter, the address's.
const CLEAR_SCRIPT = `
redis.call('DEL', KEYS[1])
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 1`;

/** E-mail addresses are compared without case or surrounding spaces. */
const normalizeAccount = (account: string): string => account.trim().toLowerCase();

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The address a failure is counted against: an IPv4 address as it is, an IPv4-mapped IPv6 one as
 * its IPv4 address, any other IPv6 address by its /64 (one host commonly holds a whole /64, so
 * counting single addresses would let it guess without limit).
 */
export function addressBucket(address: string): string {
  const trimmed = address.trim();
  if (isIPv4(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed.toLowerCase();
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

/** Redis holds digests, not e-mail addresses or client addresses (personal data). */
const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');

export function createLoginLockout(redis: LockoutRedis, options: LockoutOptions = {}): LoginLockout {
  const prefix = options.prefix ?? 'staff-login:';
  const accountLimit = options.accountLimit ?? 5;
  const addressLimit = options.addressLimit ?? 20;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const lockMs = options.lockMs ?? 15 * 60_000;
  for (const [name, value] of Object.entries({ accountLimit, addressLimit, windowMs, lockMs })) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${value}`);
  }
  const keys = ({ account, address }: AttemptSubject): string[] => [`${prefix}account:${digest(normalizeAccount(account))}`, `${prefix}address:${digest(addressBucket(address))}`];

  return {
    async reserveAttempt(subject) {
      const reply = (await redis.eval(RESERVE_SCRIPT, { keys: keys(subject), arguments: [String(accountLimit), String(addressLimit), String(windowMs), String(lockMs)] })) as [number, number];
      const [lockedBy, retryAfterMs] = reply.map(Number);
      if (lockedBy === 0) return { allowed: true };
      return { allowed: false, lockedBy: lockedBy === 1 ? 'account' : 'address', retryAfterMs: Math.max(1, retryAfterMs ?? lockMs) };
    },
    async clearOnSuccess(subject) {
      await redis.eval(CLEAR_SCRIPT, { keys: keys(subject), arguments: [] });
    },
  };
}
