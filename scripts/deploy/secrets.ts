// The deployment's secrets that the study makes itself (never defaults): the keys its services
// read, and the passwords of MongoDB, RabbitMQ and Redis, which refuse a client without them.
// `npm run deploy:env` writes them into .env; `npm run deploy:check` makes a fresh set the same way.
import { parse } from 'dotenv';
import { MASTER_KEY_HOW_TO, masterKeyProblem } from '@study/staff-auth/src/master-key';

/** Each generated secret and its length in random bytes (written as hex): the admin master key 32, as svc-participants' strength check advises. */
export const GENERATED_SECRETS = {
  TOKEN_ENCRYPTION_KEY: 32,
  ADMIN_MASTER_KEY: 32,
  PARTICIPANT_SESSION_SECRET: 32,
  LOG_FINGERPRINT_KEY: 24,
  TYPEFINDER_WEBHOOK_SECRET: 24,
  MONGO_PASSWORD: 24,
  RABBITMQ_PASSWORD: 24,
  REDIS_PASSWORD: 24,
} as const;

export type GeneratedSecret = keyof typeof GENERATED_SECRETS;

/** A fresh value for every generated secret, from `randomHex(bytes)`. */
export function generateSecrets(randomHex: (bytes: number) => string): Record<GeneratedSecret, string> {
  return Object.fromEntries(Object.entries(GENERATED_SECRETS).map(([name, bytes]) => [name, randomHex(bytes)])) as Record<GeneratedSecret, string>;
}

/**
 * A .env's text with every generated secret that is missing or empty filled in, every other line
 * (comments, values already set) kept as it is; answers the text and the names it filled.
 */
export function fillSecrets(text: string, secrets: Record<GeneratedSecret, string>): { text: string; filled: GeneratedSecret[] } {
  const filled: GeneratedSecret[] = [];
  const seen = new Set<string>();
  const lines = text.split('\n').map((line) => {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) return line;
    const name = match[1] as string;
    seen.add(name);
    if (!(name in secrets) || (match[2] ?? '').trim() !== '') return line;
    filled.push(name as GeneratedSecret);
    return `${name}=${secrets[name as GeneratedSecret]}`;
  });
  const missing = (Object.keys(secrets) as GeneratedSecret[]).filter((name) => !seen.has(name));
  if (missing.length > 0 && lines.at(-1) === '') lines.pop();
  for (const name of missing) {
    lines.push(`${name}=${secrets[name]}`);
    filled.push(name);
  }
  return { text: `${lines.join('\n')}${missing.length > 0 || text.endsWith('\n') ? '\n' : ''}`, filled };
}

/**
 * What to do when the .env's ADMIN_MASTER_KEY is set but too weak for svc-participants, which
 * refuses to start with it; undefined when it is empty or will do. A value already set is never
 * replaced: the study team uses that key.
 */
export function weakMasterKeyWarning(text: string): string | undefined {
  const key = parse(text).ADMIN_MASTER_KEY;
  const problem = key ? masterKeyProblem(key) : null;
  if (problem === null) return undefined;
  return `ADMIN_MASTER_KEY in this file is too weak (${problem}): svc-participants will refuse to start with it. Replace it (${MASTER_KEY_HOW_TO}), or empty it and run deploy:env again to generate one; the admin pages then need the new key.`;
}
