// The deployment's secrets that the study makes itself (never defaults): the keys its services
// read, and the passwords of MongoDB, RabbitMQ and Redis, which refuse a client without them.
// `npm run deploy:env` writes them into .env; `npm run deploy:check` makes a fresh set the same way.

/** Each generated secret and its length in random bytes (written as hex). */
export const GENERATED_SECRETS = {
  TOKEN_ENCRYPTION_KEY: 32,
  ADMIN_MASTER_KEY: 24,
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
