/** The environment variable svc-participants reads the master key from. */
export const MASTER_KEY_VARIABLE = 'ADMIN_MASTER_KEY';
export const MASTER_KEY_MIN_LENGTH = 32;
export const MASTER_KEY_MAX_LENGTH = 512;

/**
 * How to make a key that passes: hex or base64url only, since the roster takes the key in its
 * URL path (GET /api/ohready/{masterKey}), where base64's '/' and '+' would need escaping.
 */
export const MASTER_KEY_HOW_TO = "make one with `openssl rand -hex 32` or `node -e \"console.log(require('crypto').randomBytes(32).toString('base64url'))\"`";

// What a random key of 32 characters clears with a wide margin: over 200,000 keys of 16 random
// bytes in hex (the weakest generator that gives 32 characters), the fewest distinct characters
// seen was 9 and the lowest per-character Shannon entropy 2.8 bits; base64url keys score higher.
const MIN_DISTINCT = 8;
const MIN_BITS_PER_CHARACTER = 2.5;
// A random hex key has about one neighbour pair in nine running by one; 60% of them happens by chance about once in 10^10 keys.
const MAX_SEQUENTIAL_SHARE = 0.6;

export class WeakMasterKeyError extends Error {
  constructor(readonly reason: string) {
    super(`${MASTER_KEY_VARIABLE} is too weak: ${reason}; ${MASTER_KEY_HOW_TO}.`);
    this.name = 'WeakMasterKeyError';
  }
}

/** The empirical Shannon entropy of the key's characters, in bits per character. */
function bitsPerCharacter(key: string): number {
  const counts = new Map<string, number>();
  for (const character of key) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / key.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** The shortest p such that the key repeats itself every p characters (the key's length when it does not). */
function smallestPeriod(key: string): number {
  // Knuth-Morris-Pratt failure function: the longest proper prefix that is also a suffix.
  const border = new Array<number>(key.length).fill(0);
  for (let i = 1, k = 0; i < key.length; i += 1) {
    while (k > 0 && key[i] !== key[k]) k = border[k - 1] ?? 0;
    if (key[i] === key[k]) k += 1;
    border[i] = k;
  }
  return key.length - (border[key.length - 1] ?? 0);
}

/** The share of neighbouring characters that run up or down by one ('abcd', '4321', 'qrst'). */
function sequentialShare(key: string): number {
  let steps = 0;
  for (let i = 1; i < key.length; i += 1) if (Math.abs(key.charCodeAt(i) - key.charCodeAt(i - 1)) === 1) steps += 1;
  return steps / (key.length - 1);
}

/** Why a master key is refused, or null when it will do. */
export function masterKeyProblem(key: string): string | null {
  if (key.length < MASTER_KEY_MIN_LENGTH) return `it has ${key.length} characters, at least ${MASTER_KEY_MIN_LENGTH} are needed`;
  if (key.length > MASTER_KEY_MAX_LENGTH) return `it has ${key.length} characters, at most ${MASTER_KEY_MAX_LENGTH} are allowed`;
  if (!/^[\x21-\x7e]+$/.test(key)) return 'it may hold printable ASCII characters only, without spaces';
  if (smallestPeriod(key) <= key.length / 2) return 'it repeats a shorter pattern';
  if (new Set(key).size < MIN_DISTINCT || bitsPerCharacter(key) < MIN_BITS_PER_CHARACTER) return 'it uses too few different characters to be random';
  if (sequentialShare(key) >= MAX_SEQUENTIAL_SHARE) return 'it runs through the alphabet or the digits';
  return null;
}

/**
 * Throws WeakMasterKeyError, whose message names ADMIN_MASTER_KEY and how to make a key, unless
 * the key is long and random enough: for start-up to refuse a weak key before it serves a call.
 */
export function checkMasterKeyStrength(key: string | undefined): void {
  const problem = key === undefined || key === '' ? 'it is not set' : masterKeyProblem(key);
  if (problem) throw new WeakMasterKeyError(problem);
}
