import { randomBytes } from 'node:crypto';

/** Connection settings for integration tests; global-setup fills them in. */
export function testEnv() {
  const mongoUrl = process.env.TEST_MONGO_URL;
  if (!mongoUrl) throw new Error('TEST_MONGO_URL is not set: run integration tests through jest --selectProjects integration');
  return {
    mongoUrl,
    amqpUrl: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

/** A name no other test run uses: for databases, exchanges, queues and key prefixes. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}
