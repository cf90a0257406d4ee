import type { Channel } from 'amqplib';

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
 * Declares (idempotently) the exchange, the dead-letter exchange and queue, the retry queues
 * and the consumer's queue with its bindings.
 *
 *   exchange (topic) --bindings--> queue --nack / dead message--> <exchange>.dlx --queue--> <queue>.dlq
 *   queue --failed, attempt n--> <queue>.retry.<delay>ms --TTL expires--> (default exchange) --> queue
 */
export async function assertConsumerTopology(channel: Channel, topology: ConsumerTopology, bindings: readonly string[]): Promise<void> {
  const { exchange, deadLetterExchange, queue, deadLetterQueue, retryQueues } = topology;
  await channel.assertExchange(exchange, 'topic', { durable: true });
  await channel.assertExchange(deadLetterExchange, 'direct', { durable: true });
  await channel.assertQueue(deadLetterQueue, { durable: true });
  await channel.bindQueue(deadLetterQueue, deadLetterExchange, queue);
  for (const retry of retryQueues) {
    // No consumer reads a retry queue: a message waits out its per-message TTL, then is
    // dead-lettered through the default exchange straight back onto the consumer's queue.
    await channel.assertQueue(retry.name, { durable: true, deadLetterExchange: '', deadLetterRoutingKey: queue });
  }
  await channel.assertQueue(queue, { durable: true, deadLetterExchange, deadLetterRoutingKey: queue });
  for (const pattern of bindings) await channel.bindQueue(queue, exchange, pattern);
}
