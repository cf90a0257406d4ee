import type { ChannelModel, ConfirmChannel, GetMessage } from 'amqplib';
import type { EventLogger } from './logger';
import { declareQueue, isPreconditionFailed, withChannel, type QueueDeclaration } from './queue-declaration';
import { closeQuietly } from './close-quietly';

/**
 * Moves a consumer's queues from classic to quorum queues without losing a message.
 *
 * RabbitMQ cannot change a queue's type: declaring an existing classic queue as a quorum queue
 * fails with PRECONDITION_FAILED. For each queue still declared as earlier versions did, under
 * a lock held on the broker:
 *
 *   1. declare `<name>.migrating`, a classic stand-in with the same arguments and bindings, then
 *      unbind `<name>`: what is published meanwhile goes to the stand-in;
 *   2. move every message from `<name>` to it (get, publish with a confirm, then ack);
 *   3. delete `<name>` only if it is empty and unused (the broker checks both atomically;
 *      otherwise move again);
 *   4. declare `<name>` as a quorum queue with its bindings;
 *   5. unbind the stand-in, move its messages back, delete it if empty.
 *
 * At every moment the queue or its stand-in (for a moment both) is bound, so no event misses
 * both; one published in the moment both are bound arrives twice, which the inbox absorbs.
 *
 * Every step can be repeated, so a migration interrupted by a crash or a dropped connection
 * (which releases the lock) is finished by the next start of any instance: a stand-in that
 * still exists is emptied into the quorum queue. A message is never acked before its copy was
 * confirmed (and was routed: mandatory publish), so nothing is lost.
 * The stand-in is a classic queue because quorum queues cannot be deleted "if empty".
 */

/** The classic stand-in that holds a queue's messages while the queue is replaced. */
export function migratingQueueName(queue: string): string {
  return `${queue}.migrating`;
}

/** The exclusive queue whose owner is the one instance migrating a consumer's queues. */
export function migrationLockName(queue: string): string {
  return `${queue}.migration-lock`;
}

export interface MigrationOptions {
  logger: EventLogger;
  /** The consumer's queue; names the lock. */
  queue: string;
  /** A queue could not be declared as a quorum queue. Otherwise only an interrupted migration is looked for. */
  mustMigrate: boolean;
  /** How long to wait for the lock, and for consumers of an earlier version to leave a classic queue. Default 120000. */
  waitMs?: number;
}

const RETRY_PAUSE_MS = 250;
const MOVE_BATCH = 100;
const RESOURCE_LOCKED = 405;
const NOT_FOUND = 404;

// Within one process the broker's lock does not separate two consumers on one connection.
const localLocks = new Map<string, Promise<unknown>>();

/** Migrates the queues (in the order given) that are still classic queues or were left half-migrated. */
export async function migrateQueues(connection: ChannelModel, declarations: readonly QueueDeclaration[], opts: MigrationOptions): Promise<void> {
  if (!opts.mustMigrate && !(await anyExists(connection, declarations.map((d) => migratingQueueName(d.name))))) return;
  const waitMs = opts.waitMs ?? 120_000;
  await withMigrationLock(connection, opts.queue, opts.logger, waitMs, async () => {
    // Another instance may have finished while this one waited: every step looks first.
    for (const declaration of declarations) await migrateQueue(connection, declaration, opts.logger, waitMs);
  });
}

async function migrateQueue(connection: ChannelModel, declaration: QueueDeclaration, logger: EventLogger, waitMs: number): Promise<void> {
  const { name } = declaration;
  const standIn = migratingQueueName(name);
  let movedOut: number | null = null;
  const refused = await withChannel(connection, (channel) => declareQueue(channel, declaration)).then(
    () => null,
    (err: unknown) => {
      if (!isPreconditionFailed(err)) throw err;
      return err as Error;
    },
  );
  if (refused) {
    // Only a queue exactly as earlier versions declared it is migrated; one declared otherwise
    // (by hand, by another program) is reported rather than replaced.
    await withChannel(connection, (channel) => channel.assertQueue(name, declaration.classicOptions)).catch(() => {
      throw refused;
    });
    logger.info({ queue: name }, 'migrating a classic queue to a quorum queue');
    movedOut = await moveIntoStandIn(connection, declaration, standIn, logger, waitMs);
    await withChannel(connection, (channel) => declareQueue(channel, declaration));
  }
  const movedBack = await emptyStandIn(connection, declaration, standIn);
  if (movedOut !== null) {
    logger.info({ queue: name, messages: movedOut, movedBack }, `migrated ${name} to a quorum queue with its ${movedOut} message(s)`);
  } else if (movedBack !== null) {
    logger.info({ queue: name, movedBack }, `finished an interrupted migration of ${name}: ${movedBack} message(s) moved back`);
  }
}

/** Steps 1 to 3: the classic queue's messages go to the stand-in, then the classic queue is deleted. */
async function moveIntoStandIn(connection: ChannelModel, declaration: QueueDeclaration, standIn: string, logger: EventLogger, waitMs: number): Promise<number> {
  const { name } = declaration;
  await withChannel(connection, async (channel) => {
    await channel.assertQueue(standIn, declaration.classicOptions);
    for (const { exchange, routingKey } of declaration.bindings) await channel.bindQueue(standIn, exchange, routingKey);
    // From here on new events go to the stand-in only, so the classic queue can be emptied
    // however busy the exchange is (at every moment one of the two is bound).
    for (const { exchange, routingKey } of declaration.bindings) await channel.unbindQueue(name, exchange, routingKey);
  });
  const deadline = Date.now() + waitMs;
  let moved = 0;
  let told = false;
  for (;;) {
    moved += await moveMessages(connection, name, standIn);
    const deleted = await withChannel(connection, (channel) => channel.deleteQueue(name, { ifEmpty: true, ifUnused: true })).then(
      () => true,
      (err: unknown) => {
        if (!isPreconditionFailed(err)) throw err;
        return false;
      },
    );
    if (deleted) return moved;
    // A message arrived after the last get, or a consumer (an instance of an earlier version) is attached.
    const { consumerCount, messageCount } = await withChannel(connection, (channel) => channel.checkQueue(name));
    logger.debug({ queue: name, consumerCount, messageCount, moved }, 'classic queue not deleted yet: not empty or in use');
    if (consumerCount > 0) {
      if (Date.now() > deadline) {
        throw new Error(
          `Queue ${name} still has ${consumerCount} consumer(s) (an earlier version of the service?); stop them so it can become a quorum queue. ` +
            `What was moved and what is published meanwhile waits on ${standIn}; the next start moves it over.`,
        );
      }
      if (!told) logger.warn({ queue: name, consumerCount }, 'waiting for the consumers of the classic queue to stop before migrating it');
      told = true;
      await sleep(RETRY_PAUSE_MS * 4);
    }
  }
}

/** Step 5 (also the whole of resuming an interrupted migration): the stand-in's messages go back to the quorum queue. */
async function emptyStandIn(connection: ChannelModel, declaration: QueueDeclaration, standIn: string): Promise<number | null> {
  if (!(await queueExists(connection, standIn))) return null;
  await withChannel(connection, async (channel) => {
    for (const { exchange, routingKey } of declaration.bindings) await channel.unbindQueue(standIn, exchange, routingKey);
  });
  let moved = 0;
  for (;;) {
    moved += await moveMessages(connection, standIn, declaration.name);
    // A message routed to the stand-in just before it was unbound makes the delete fail: move again.
    const deleted = await withChannel(connection, (channel) => channel.deleteQueue(standIn, { ifEmpty: true })).then(
      () => true,
      (err: unknown) => {
        if (!isPreconditionFailed(err)) throw err;
        return false;
      },
    );
    if (deleted) return moved;
  }
}

/**
 * Moves every message from one queue to another, in batches: each copy is published with
 * `mandatory` and a publisher confirm, and the originals are acked only once the whole batch
 * was confirmed and routed. On any failure the messages in hand go back to their queue when
 * the channel closes (those already copied then arrive twice, never not at all).
 */
export async function moveMessages(connection: ChannelModel, from: string, to: string): Promise<number> {
  const channel = await connection.createConfirmChannel();
  channel.on('error', () => undefined);
  let returned = 0;
  // The broker sends basic.return before the confirm of an unroutable mandatory message.
  channel.on('return', () => {
    returned += 1;
  });
  let moved = 0;
  try {
    for (;;) {
      const batch: GetMessage[] = [];
      while (batch.length < MOVE_BATCH) {
        const msg = await channel.get(from, { noAck: false });
        if (msg === false) break;
        batch.push(msg);
      }
      if (batch.length === 0) return moved;
      await Promise.all(batch.map((msg) => republish(channel, to, msg)));
      if (returned > 0) throw new Error(`Could not move messages from ${from} to ${to}: no queue ${to}`);
      // Acknowledges the whole batch (every delivery tag up to the last one).
      channel.ack(batch[batch.length - 1]!, true);
      moved += batch.length;
    }
  } finally {
    await closeQuietly(channel);
  }
}

function republish(channel: ConfirmChannel, queue: string, msg: GetMessage): Promise<void> {
  const p = msg.properties;
  return new Promise<void>((resolve, reject) => {
    try {
      channel.publish(
        '',
        queue,
        msg.content,
        {
          mandatory: true,
          // Every property but userId, which the broker checks against this connection's user.
          contentType: p.contentType,
          contentEncoding: p.contentEncoding,
          headers: p.headers,
          deliveryMode: p.deliveryMode,
          priority: p.priority,
          correlationId: p.correlationId,
          replyTo: p.replyTo,
          // A retry message waits its whole delay again on its new queue.
          expiration: p.expiration,
          messageId: p.messageId,
          timestamp: p.timestamp,
          type: p.type,
          appId: p.appId,
        },
        (err: unknown) => (err ? reject(err instanceof Error ? err : new Error(`${queue} refused the message`)) : resolve()),
      );
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/**
 * Runs fn while this connection owns the exclusive queue `<queue>.migration-lock`: another
 * connection's declaration of it fails with RESOURCE_LOCKED. The broker deletes it when the
 * connection closes, so a crashed instance never leaves the lock behind.
 */
async function withMigrationLock<T>(connection: ChannelModel, queue: string, logger: EventLogger, waitMs: number, fn: () => Promise<T>): Promise<T> {
  const previous = localLocks.get(queue) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => withBrokerLock(connection, queue, logger, waitMs, fn));
  const tail = run.catch(() => undefined);
  localLocks.set(queue, tail);
  try {
    return await run;
  } finally {
    if (localLocks.get(queue) === tail) localLocks.delete(queue);
  }
}

async function withBrokerLock<T>(connection: ChannelModel, queue: string, logger: EventLogger, waitMs: number, fn: () => Promise<T>): Promise<T> {
  const lockName = migrationLockName(queue);
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    try {
      await channel.assertQueue(lockName, { exclusive: true, durable: false });
    } catch (err) {
      await closeQuietly(channel);
      if ((err as { code?: unknown }).code !== RESOURCE_LOCKED) throw err;
      if (Date.now() > deadline) throw new Error(`Timed out after ${waitMs} ms waiting for another instance to migrate the queues of ${queue}`);
      if (!told) logger.info({ queue }, 'another instance is migrating the queues; waiting');
      told = true;
      await sleep(RETRY_PAUSE_MS);
      continue;
    }
    try {
      return await fn();
    } finally {
      await channel.deleteQueue(lockName).catch(() => undefined);
      await closeQuietly(channel);
    }
  }
}

async function anyExists(connection: ChannelModel, queues: readonly string[]): Promise<boolean> {
  for (const queue of queues) if (await queueExists(connection, queue)) return true;
  return false;
}

async function queueExists(connection: ChannelModel, queue: string): Promise<boolean> {
  return withChannel(connection, (channel) => channel.checkQueue(queue)).then(
    () => true,
    (err: unknown) => {
      if ((err as { code?: unknown }).code === NOT_FOUND) return false;
      throw err;
    },
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
