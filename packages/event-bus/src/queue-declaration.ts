import type { Channel, ChannelModel, Options } from 'amqplib';
import { closeQuietly } from './close-quietly';

export interface QueueBinding {
  exchange: string;
  routingKey: string;
}

/** One durable queue of a consumer: how it is declared now, how earlier versions declared it, what routes to it. */
export interface QueueDeclaration {
  name: string;
  /** A quorum queue, so a broker cluster keeps it (and its messages) when a node fails. */
  options: Options.AssertQueue;
  /** The quorum queue earlier versions declared (before `x-delivery-limit`); a queue still declared so is migrated too. */
  earlierQuorumOptions: Options.AssertQueue;
  /** The classic queue earlier versions declared; a queue still declared so is migrated (see queue-migration.ts). */
  classicOptions: Options.AssertQueue;
  bindings: QueueBinding[];
}

/** Declares one queue as a quorum queue and binds it. */
export async function declareQueue(channel: Channel, declaration: QueueDeclaration): Promise<void> {
  await channel.assertQueue(declaration.name, declaration.options);
  for (const { exchange, routingKey } of declaration.bindings) await channel.bindQueue(declaration.name, exchange, routingKey);
}

/** Runs fn on a channel of its own and closes it (a channel an error already closed is left alone). */
export async function withChannel<T>(connection: ChannelModel, fn: (channel: Channel) => Promise<T>): Promise<T> {
  const channel = await connection.createChannel();
  // The rejected call reports a channel error; the 'error' event would otherwise be unhandled.
  channel.on('error', () => undefined);
  try {
    return await fn(channel);
  } finally {
    await closeQuietly(channel);
  }
}

/** 406: the queue exists with other arguments, or is not empty when deleted with ifEmpty. */
export function isPreconditionFailed(err: unknown): boolean {
  return (err as { code?: unknown }).code === 406;
}
