import type { ChannelModel, Options } from 'amqplib';
import type { EventLogger } from './logger';
import { isPreconditionFailed, withChannel, declareQueue, type QueueBinding, type QueueDeclaration } from './queue-declaration';
import { migrateQueues } from './queue-migration';

export type { QueueBinding, QueueDeclaration } from './queue-declaration';

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 60_000] as const;

/** Names of everything a consumer declares; handy for operations and for cleaning up in tests. */
export interface ConsumerTopology {
  exchange: string;
  /** Direct exchange that routes a dead message to `<queue>.dlq` (routing key = queue name). */
  deadLetterExchange: string;
  queue: string;
  deadLetterQueue: string;
  /** One per distinct delay, so a long wait never holds up a short one (TTL expiry is FIFO). */
  retryQueues: { delayMs: number; name: string }[];
}

export function consumerTopology(exchange: string, queue: string, retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS): ConsumerTopology {
  const delays = [...new Set(retryDelaysMs)];
  return {
    exchange,
    deadLetterExchange: `${exchange}.dlx`,
    queue,
    deadLetterQueue: `${queue}.dlq`,
    retryQueues: delays.map((delayMs) => ({ delayMs, name: retryQueueName(queue, delayMs) })),
  };
}

export function retryQueueName(queue: string, delayMs: number): string {
  return `${queue}.retry.${delayMs}ms`;
}

/**
 * How often the broker may hand out a message of the consumer's queue (and of a retry queue)
 * before it dead-letters it itself. A backstop only: the consumer counts attempts (x-attempt,
 * maxAttempts 5) and moves a failing message to a retry queue or the dead-letter queue, so the
 * broker's count grows only when a message goes back to the queue unsettled (a dropped
 * connection, a stop with messages in flight; up to RabbitMQ 4.2 also the requeue when a retry
 * could not be scheduled). Well above 5, so restarts alone never park a message that never
 * failed; finite, so a message that makes the process crash every time it is handled stops the
 * crash loop. It is also set because RabbitMQ 4 gives a quorum queue without one a limit of 20, and a negative
 * value ("no limit" on 4) means 0 on 3.x. Past it, a message of the consumer's queue goes (at
 * least once) to `<queue>.dlq` like any other dead message (reason `delivery_limit` in x-death,
 * without the consumer's x-last-error); one of a retry queue goes back to the consumer's queue.
 */
export const DELIVERY_LIMIT = 50;

/**
 * The dead-letter queue's limit, in effect none: nothing consumes it, but an operator who reads
 * parked messages and puts them back counts up too, and a message past the limit would be
 * dropped (the dead-letter queue dead-letters nowhere). RabbitMQ 4's default of 20 would do so.
 */
export const DEAD_LETTER_QUEUE_DELIVERY_LIMIT = 1_000_000;

/**
 * Quorum queue arguments. A queue that dead-letters does so at least once: the broker keeps a
 * dead-lettered message in the source queue until the target queue confirmed it (RabbitMQ 3.10+;
 * it requires `x-overflow: reject-publish`, and with no length limit nothing is ever rejected).
 * `x-delivery-limit` is one of the arguments a redeclaration must repeat exactly; queues declared
 * without it by earlier versions are migrated (queue-migration.ts).
 */
function quorumOptions(deliveryLimit: number | null, deadLetter?: QueueBinding): Options.AssertQueue {
  const args: Record<string, unknown> = { 'x-queue-type': 'quorum' };
  if (deliveryLimit !== null) args['x-delivery-limit'] = deliveryLimit;
  if (deadLetter) {
    Object.assign(args, {
      'x-dead-letter-exchange': deadLetter.exchange,
      'x-dead-letter-routing-key': deadLetter.routingKey,
      'x-dead-letter-strategy': 'at-least-once',
      'x-overflow': 'reject-publish',
    });
  }
  return { durable: true, arguments: args };
}

// Exactly what earlier versions declared (classic queues), so such a queue is recognised.
function classicOptions(deadLetter?: QueueBinding): Options.AssertQueue {
  return deadLetter ? { durable: true, deadLetterExchange: deadLetter.exchange, deadLetterRoutingKey: deadLetter.routingKey } : { durable: true };
}

/**
 * Every durable queue of a consumer, in the order they are declared and migrated: the retry
 * queues first (once they are quorum queues, a message that expires while the consumer's queue
 * is briefly missing during its migration is kept, not dropped), then the dead-letter queue,
 * then the consumer's queue.
 */
export function queueDeclarations(topology: ConsumerTopology, bindings: readonly string[]): QueueDeclaration[] {
  const { exchange, deadLetterExchange, queue, deadLetterQueue, retryQueues } = topology;
  // No consumer reads a retry queue: a message waits out its per-message TTL, then is
  // dead-lettered through the default exchange straight back onto the consumer's queue.
  const backToQueue = { exchange: '', routingKey: queue };
  const toDeadLetterQueue = { exchange: deadLetterExchange, routingKey: queue };
  return [
    ...retryQueues.map((retry) => ({
      name: retry.name,
      options: quorumOptions(DELIVERY_LIMIT, backToQueue),
      // Declared so before the delivery limit was set.
      earlierQuorumOptions: quorumOptions(null, backToQueue),
      classicOptions: classicOptions(backToQueue),
      bindings: [],
    })),
    {
      name: deadLetterQueue,
      options: quorumOptions(DEAD_LETTER_QUEUE_DELIVERY_LIMIT),
      earlierQuorumOptions: quorumOptions(null),
      classicOptions: classicOptions(),
      bindings: [toDeadLetterQueue],
    },
    {
      name: queue,
      options: quorumOptions(DELIVERY_LIMIT, toDeadLetterQueue),
      earlierQuorumOptions: quorumOptions(null, toDeadLetterQueue),
      classicOptions: classicOptions(toDeadLetterQueue),
      bindings: bindings.map((routingKey) => ({ exchange, routingKey })),
    },
  ];
}

/**
 * Declares (idempotently) the exchange, the dead-letter exchange and queue, the retry queues
 * and the consumer's queue with its bindings, all queues as quorum queues.
 *
 *   exchange (topic) --bindings--> queue --nack / dead message--> <exchange>.dlx --queue--> <queue>.dlq
 *   queue --failed, attempt n--> <queue>.retry.<delay>ms --TTL expires--> (default exchange) --> queue
 *
 * A queue left by an earlier version as a classic queue, or as a quorum queue without the
 * delivery limit (or a migration that was interrupted), is migrated with its messages first.
 * Opens its own channels: a failed declaration closes the channel it was made on.
 */
export async function assertConsumerTopology(
  connection: ChannelModel,
  topology: ConsumerTopology,
  bindings: readonly string[],
  logger: EventLogger,
): Promise<void> {
  const declarations = queueDeclarations(topology, bindings);
  await withChannel(connection, async (channel) => {
    await channel.assertExchange(topology.exchange, 'topic', { durable: true });
    await channel.assertExchange(topology.deadLetterExchange, 'direct', { durable: true });
  });
  // The common case, one channel and no lock: everything is already a quorum queue, or new.
  const declared = await withChannel(connection, async (channel) => {
    for (const declaration of declarations) await declareQueue(channel, declaration);
    return true;
  }).catch((err: unknown) => {
    if (!isPreconditionFailed(err)) throw err;
    return false;
  });
  await migrateQueues(connection, declarations, { logger, queue: topology.queue, mustMigrate: !declared });
}
