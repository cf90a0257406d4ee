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
 *
 * A quorum queue declared with the arguments of an earlier version (before `x-delivery-limit`)
 * cannot be declared with new ones either, and as a quorum queue it cannot be deleted "if empty":
 * the broker checks nothing, and a message arriving between the last look and the delete would
 * go with the queue. So such a queue is deleted only once nothing can put a message into it
 * (replaceQuorumQueues): no consumer on the consumer's queue (its consumers put failed messages
 * into the retry queues), its bindings moved to its stand-in, and, for the consumer's queue, the
 * retry queues (which dead-letter into it by name whenever a delay runs out) emptied into stand-ins
 * of their own, their messages held there without a TTL until everything is back.
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

/**
 * A retry message's per-message TTL while it waits on a stand-in: there it has none (expiring,
 * it would dead-letter into the consumer's queue while that is being replaced); it gets it back
 * when it is moved back, and waits its whole delay again.
 */
export const HELD_EXPIRATION_HEADER = 'x-migration-held-expiration';

const RETRY_PAUSE_MS = 250;
const MOVE_BATCH = 100;
const RESOURCE_LOCKED = 405;
const NOT_FOUND = 404;

// Within one process the broker's lock does not separate two consumers on one connection.
const localLocks = new Map<string, Promise<unknown>>();

/**
 * Migrates the queues (in the order given) that are still classic queues or quorum queues with an
 * earlier version's arguments, or were left half-migrated.
 */
export async function migrateQueues(connection: ChannelModel, declarations: readonly QueueDeclaration[], opts: MigrationOptions): Promise<void> {
  if (!opts.mustMigrate && !(await anyExists(connection, declarations.map((d) => migratingQueueName(d.name))))) return;
  const waitMs = opts.waitMs ?? 120_000;
  await withMigrationLock(connection, opts.queue, opts.logger, waitMs, async () => {
    // Another instance may have finished while this one waited: every step looks first.
    const earlier = new Set<string>();
    for (const declaration of declarations) if (await isEarlierQuorumQueue(connection, declaration)) earlier.add(declaration.name);
    const vacated = queuesToVacate(declarations, opts.queue, earlier);
    // Classic queues, and stand-ins left by an interrupted migration; a queue about to be vacated
    // keeps its stand-in's messages away until it is done.
    for (const declaration of declarations) if (!vacated.has(declaration.name)) await migrateQueue(connection, declaration, opts.logger, waitMs);
    if (earlier.size > 0) await replaceQuorumQueues(connection, declarations.filter((d) => vacated.has(d.name)), earlier, opts.queue, opts.logger, waitMs);
  });
}

/** The queue exists as a quorum queue declared with the earlier arguments (not the current ones, not a classic queue). */
async function isEarlierQuorumQueue(connection: ChannelModel, declaration: QueueDeclaration): Promise<boolean> {
  const refused = (err: unknown): boolean => {
    if (!isPreconditionFailed(err)) throw err;
    return true;
  };
  // Declares a missing queue as it is now, which is what migrateQueue would do too.
  if (!(await withChannel(connection, (channel) => declareQueue(channel, declaration)).then(() => false, refused))) return false;
  return !(await withChannel(connection, (channel) => channel.assertQueue(declaration.name, declaration.earlierQuorumOptions)).then(() => false, refused));
}

/** The quorum queues to replace, and for the consumer's queue also the queues that dead-letter into it by name (the retry queues). */
function queuesToVacate(declarations: readonly QueueDeclaration[], queue: string, earlier: ReadonlySet<string>): Set<string> {
  const vacated = new Set(earlier);
  if (earlier.has(queue)) {
    for (const { name, options } of declarations) {
      const args = options.arguments ?? {};
      if (args['x-dead-letter-exchange'] === '' && args['x-dead-letter-routing-key'] === queue) vacated.add(name);
    }
  }
  return vacated;
}

/**
 * Replaces quorum queues declared with an earlier version's arguments, keeping every message:
 *
 *   1. wait until nothing consumes the consumer's queue (an instance of the earlier version);
 *   2. for each queue to vacate, in the order given (retry queues, dead-letter queue, queue):
 *      bind its classic stand-in in its place, unbind it, and move its messages over (a retry
 *      message without its TTL, see HELD_EXPIRATION_HEADER);
 *   3. for each queue to replace, in the same order: move again until a passive declare finds it
 *      empty and unconsumed (nothing can put a message into it any more), delete it, declare it
 *      with the current arguments and its bindings;
 *   4. empty the stand-ins back, the consumer's queue first, the retry queues last (a delay that
 *      runs out then finds the consumer's queue).
 *
 * A crash anywhere leaves stand-ins that the next start empties (migrateQueue), after replacing
 * what still has the earlier arguments.
 */
async function replaceQuorumQueues(
  connection: ChannelModel,
  vacate: readonly QueueDeclaration[],
  earlier: ReadonlySet<string>,
  queue: string,
  logger: EventLogger,
  waitMs: number,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  if (await queueExists(connection, queue)) await waitUntilUnconsumed(connection, queue, queue, deadline, logger);
  const moved = new Map<string, number>();
  for (const declaration of vacate) {
    const standIn = migratingQueueName(declaration.name);
    await withChannel(connection, async (channel) => {
      await channel.assertQueue(standIn, declaration.classicOptions);
      for (const { exchange, routingKey } of declaration.bindings) await channel.bindQueue(standIn, exchange, routingKey);
      for (const { exchange, routingKey } of declaration.bindings) await channel.unbindQueue(declaration.name, exchange, routingKey);
    });
    moved.set(declaration.name, await moveMessages(connection, declaration.name, standIn, { hold: true }));
  }
  for (const declaration of vacate) {
    if (!earlier.has(declaration.name)) continue;
    const { name } = declaration;
    logger.info({ queue: name }, 'replacing a quorum queue declared with earlier arguments');
    // A retry message that expired into the consumer's queue since it was emptied, say.
    moved.set(name, (moved.get(name) ?? 0) + (await waitUntilUnconsumed(connection, name, queue, deadline, logger)));
    const { messageCount } = await withChannel(connection, (channel) => channel.deleteQueue(name));
    // Cannot happen while nothing routes to the queue; said loudly should that ever change.
    if (messageCount > 0) logger.error({ queue: name, messageCount }, `deleted ${name} with ${messageCount} message(s) that arrived after it was emptied`);
    await withChannel(connection, (channel) => declareQueue(channel, declaration));
  }
  for (const declaration of [...vacate].reverse()) {
    const movedBack = await emptyStandIn(connection, declaration, migratingQueueName(declaration.name));
    if (!earlier.has(declaration.name)) continue;
    const messages = moved.get(declaration.name) ?? 0;
    logger.info(
      { queue: declaration.name, messages, movedBack },
      `migrated ${declaration.name} to a quorum queue with a delivery limit with its ${messages} message(s)`,
    );
  }
}

/**
 * Moves what is left in `name` to its stand-in until a passive declare finds it empty and without
 * a consumer; returns how many were moved. A consumer (of an earlier version) is waited for.
 */
async function waitUntilUnconsumed(connection: ChannelModel, name: string, queue: string, deadline: number, logger: EventLogger): Promise<number> {
  const standIn = migratingQueueName(name);
  const hasStandIn = await queueExists(connection, standIn);
  let moved = 0;
  let told = false;
  for (;;) {
    if (hasStandIn) moved += await moveMessages(connection, name, standIn, { hold: true });
    const { consumerCount, messageCount } = await withChannel(connection, (channel) => channel.checkQueue(name));
    if (consumerCount === 0 && (messageCount === 0 || !hasStandIn)) return moved;
    if (consumerCount > 0) {
      if (Date.now() > deadline) {
        throw new Error(
          `Queue ${name} still has ${consumerCount} consumer(s) (an earlier version of the service?); stop them so the queues of ${queue} can be replaced. ` +
            `What was moved and what is published meanwhile waits on the stand-ins (*.migrating); the next start moves it over.`,
        );
      }
      if (!told) logger.warn({ queue: name, consumerCount }, 'waiting for the consumers of the queue to stop before replacing the queues');
      told = true;
      await sleep(RETRY_PAUSE_MS * 4);
    }
  }
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
 * the channel closes (those already copied then arrive twice, never not at all). With `hold`, a
 * copy keeps its TTL in a header instead (HELD_EXPIRATION_HEADER); without, a held TTL is restored.
 */
export async function moveMessages(connection: ChannelModel, from: string, to: string, opts: { hold?: boolean } = {}): Promise<number> {
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
      await Promise.all(batch.map((msg) => republish(channel, to, msg, opts.hold ?? false)));
      if (returned > 0) throw new Error(`Could not move messages from ${from} to ${to}: no queue ${to}`);
      // Acknowledges the whole batch (every delivery tag up to the last one).
      channel.ack(batch[batch.length - 1]!, true);
      moved += batch.length;
    }
  } finally {
    await closeQuietly(channel);
  }
}

function republish(channel: ConfirmChannel, queue: string, msg: GetMessage, hold: boolean): Promise<void> {
  const p = msg.properties;
  let { expiration, headers } = p as { expiration?: string | number; headers?: Record<string, unknown> };
  const held = headers?.[HELD_EXPIRATION_HEADER];
  if (hold && expiration !== undefined) {
    headers = { ...headers, [HELD_EXPIRATION_HEADER]: String(expiration) };
    expiration = undefined;
  } else if (!hold && held !== undefined) {
    const { [HELD_EXPIRATION_HEADER]: _held, ...rest } = headers!;
    headers = rest;
    expiration = String(held as string | Buffer);
  }
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
          headers,
          deliveryMode: p.deliveryMode,
          priority: p.priority,
          correlationId: p.correlationId,
          replyTo: p.replyTo,
          // A retry message waits its whole delay again on its new queue.
          expiration,
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
