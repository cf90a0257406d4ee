import type { Collection, Db, Document } from 'mongodb';
import { OUTBOX_FIELD, outboxLockKey } from '@study/event-bus';
import { createRedisKeyedLock, type KeyedLock } from '@study/keyed-lock';
import { connectRedis } from './redis';
import { serviceLockPrefix } from './runtime';

/** A running service's documents as a test reaches them: its database and the lock its writes hold. */
export interface ServiceDocuments {
  db: Db;
  lock: KeyedLock;
}

export interface WriteAsServiceOptions {
  /** How long to wait for the document's pending events to be published (default 20 s). */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes one of a running service's documents from a test, as the service's own writes are
 * made: once the document holds no pending events, and under the document's lock.
 *
 * Why: FerretDB applies an update by reading, changing and rewriting the whole document, so a
 * direct write that overlaps one of the service's own (the outbox relay removing published
 * events, a handler's follow-up) can be undone by it. Every service write, the relay's
 * included, holds the document's lock, so a write under it cannot overlap them; waiting for
 * the outbox to empty also lets the follow-ups those events cause start from the state before.
 * `write` gets the collection and may return what the driver answered.
 */
export async function writeAsService<T, TDoc extends Document = Document>(
  service: ServiceDocuments,
  collectionName: string,
  id: string,
  write: (collection: Collection<TDoc>) => Promise<T>,
  options: WriteAsServiceOptions = {},
): Promise<T> {
  const collection = service.db.collection<TDoc>(collectionName);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await service.lock.run(outboxLockKey(collectionName, id), async () => {
      const pending = await collection.findOne({ _id: id } as never, { projection: { [OUTBOX_FIELD]: 1 } });
      const events = (pending as { [OUTBOX_FIELD]?: unknown[] } | null)?.[OUTBOX_FIELD] ?? [];
      if (events.length > 0) return null;
      return { value: await write(collection) };
    });
    if (done) return done.value;
    if (Date.now() > deadline) throw new Error(`${collectionName} ${id} still holds unpublished events after ${timeoutMs} ms: is the service's outbox relay running?`);
    await sleep(50);
  }
}

/**
 * The documents of a service running in another process (a whole stack, a sibling service):
 * its database on `mongoDb` and its lock on the Redis it uses. Close it after the test.
 */
export async function serviceDocumentsOf(redisUrl: string, mongoDb: Db): Promise<ServiceDocuments & { close(): Promise<void> }> {
  const redis = await connectRedis(redisUrl);
  return {
    db: mongoDb,
    lock: createRedisKeyedLock(redis, { prefix: serviceLockPrefix(mongoDb.databaseName) }),
    close: async () => {
      await redis.close();
    },
  };
}
