// What a bench stack declared on the broker (its own exchange and queue prefix), so the run can
// remove it afterwards: the broker is shared with other runs and `npm start`.
import { consumerTopology } from '@study/event-bus';
import { SERVICES } from '@study/topology';

/** The queues (each consumer's queue, dead-letter queue and retry queues) and exchanges (the events' and its dead-letter one) of a stack. */
export function brokerObjectsOf(exchange: string, queuePrefix: string): { queues: string[]; exchanges: string[] } {
  // What each service's consumer declared, at the default retry delays.
  const topologies = SERVICES.map((service) => consumerTopology(exchange, `${queuePrefix}${service.queue}`));
  return {
    queues: topologies.flatMap((t) => [t.queue, t.deadLetterQueue, ...t.retryQueues.map((q) => q.name)]),
    exchanges: [exchange, consumerTopology(exchange, '').deadLetterExchange],
  };
}

/** Deletes a stack's queues and exchanges (brokerObjectsOf) on the broker at `amqpUrl`. */
export async function removeBrokerObjects(amqpUrl: string, exchange: string, queuePrefix: string): Promise<void> {
  const amqp = (await import('amqplib')).default;
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    const { queues, exchanges } = brokerObjectsOf(exchange, queuePrefix);
    for (const name of queues) await channel.deleteQueue(name);
    for (const name of exchanges) await channel.deleteExchange(name);
    await channel.close();
  } finally {
    await connection.close();
  }
}
