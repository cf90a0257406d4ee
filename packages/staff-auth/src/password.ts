import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's Password Storage Cheat Sheet's first configuration: m=19 MiB (19456 KiB),
 * t=2 passes, p=1 lane (its equivalents trade memory for passes; this one keeps a sign-in near
 * 50 ms on one core and 19 MiB, which the services' memory budgets can afford for a few at once).
 * The salt is 16 random bytes per hash, made by the library; the result is a PHC string
 * ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) that carries its own parameters.
 */
const ARGON2ID = 2 as Algorithm; // the library's const enum, which isolated modules cannot read
export const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const satisfies Options;

/** NIST SP 800-63B asks for at least 8; the study team signs in to personal data, so 12. */
export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing it is no way to tie up a service. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * Passwords of 12 or more characters found high in published breach lists, and the shapes people
 * reach for when told "at least 12": compared lower-cased, so 'Password1234' is refused as well.
 */
const COMMON_PASSWORDS = new Set([
  'password1234', 'password12345', 'password123456', 'password123!', 'password1234!', 'passwordpassword',
  '123456789012', '1234567890123', '12345678901234', '123456123456', '123123123123', '111111111111', '000000000000',
  '1q2w3e4r5t6y', '1qaz2wsx3edc', 'qwertyuiopas', 'qwertyuiop12', 'qwerty123456', 'qwertyqwerty', 'asdfghjkl123', 'zxcvbnm12345',
  'abcdefghijkl', 'abcd1234abcd', 'abc123abc123', 'iloveyou1234', 'iloveyouiloveyou', 'letmein12345', 'letmeinletmein',
  'welcome12345', 'welcome123456', 'welcome1234!', 'changeme1234', 'changeme123!', 'administrator', 'administrator1',
  'admin1234567', 'adminadmin123', 'superman1234', 'football1234', 'baseball1234', 'starwars1234', 'monkey123456',
  'dragon123456', 'sunshine1234', 'princess1234', 'trustno1trustno1', 'correcthorsebatterystaple', 'masterkey1234',
  'study1234567', 'personality1234', 'genetics1234', 'openhumans123', 'openhumans1234',
]);

export class WeakPasswordError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'WeakPasswordError';
  }
}

/** Words of the account a password must not be built from: its e-mail (and local part) and the person's name. */
export interface PasswordContext {
  email?: string;
  name?: string;
}

/** Unicode text typed on different keyboards can differ in composition; one form keeps the hash stable. */
const normalize = (password: string): string => password.normalize('NFC');

/** Why a new password is refused, or null when it is acceptable. Counts characters, not UTF-16 units. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const normalized = normalize(password);
  const length = [...normalized].length;
  if (length < PASSWORD_MIN_LENGTH) return `A password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `A password may have at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = normalized.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is among the most common ones; choose another.';
  if (new Set(lower).size < 4) return 'This password repeats too few characters; choose another.';
  const words = [context.email, context.email?.split('@')[0], context.name, ...(context.name?.split(/\s+/) ?? [])].filter((word): word is string => !!word && word.length >= 4).map((word) => word.toLowerCase());
  if (words.some((word) => lower.includes(word))) return 'A password must not contain your e-mail address or name.';
  return null;
}

/** The PHC string to store for a new password; throws WeakPasswordError when the policy refuses it. */
export async function hashPassword(password: string, context: PasswordContext = {}): Promise<string> {
  const problem = passwordProblem(password, context);
  if (problem) throw new WeakPasswordError(problem);
  return hash(normalize(password), PASSWORD_HASH_OPTIONS);
}

/**
 * Whether a password matches a stored hash (compared in constant time by the library). The policy
 * is not applied: a password set under an older policy still signs in, and the caller may ask for a
 * new one. Over-long input is refused without hashing it.
 */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH * 4) return false;
  return verify(storedHash, normalize(password));
}

// A hash of nothing anyone knows, made once: verifying against it costs what a real check costs.
let decoy: Promise<string> | undefined;

/**
 * For a sign-in naming no account (or one without a password): spends the time a real check
 * spends and answers false, so the answer's timing does not tell which e-mail addresses exist.
 */
export async function verifyWithoutAccount(password: string): Promise<false> {
  decoy ??= hash(randomBytes(32).toString('base64url'), PASSWORD_HASH_OPTIONS);
  await verifyPassword(await decoy, password);
  return false;
}

/** Whether a stored hash was made with other parameters than today's: rehash it after the next successful sign-in. */
export function needsRehash(storedHash: string): boolean {
  const used = parseOptions(storedHash);
  return (
    used.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
    used.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
    used.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
    used.parallelism !== PASSWORD_HASH_OPTIONS.parallelism ||
    used.outputLen !== PASSWORD_HASH_OPTIONS.outputLen
  );
}
