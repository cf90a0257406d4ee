import type { EventDefinition } from '@study/contracts';
import type { z } from 'zod';
import type { CloudEvent } from './cloud-event';
import type { ConsumerOptions, HandleContext } from './consumer';

/** Does the work for one event, given its parsed data; throw to have it retried (then parked on the DLQ). */
export type EventHandler<T> = (data: T, event: CloudEvent<T>, ctx: HandleContext) => Promise<unknown>;

/** One event a consumer handles: its definition and what to do with it. */
export interface Subscription {
  readonly event: EventDefinition;
  /** Parses the event's data by the definition's schema and runs the handler with it. */
  handle(event: CloudEvent, ctx: HandleContext): Promise<void>;
}

/**
 * Subscribes to one event version: the handler gets the data parsed by the definition's schema
 * (and the envelope with that data, and the delivery's context). Data that breaks the contract
 * is the producer's bug: the parse throws, so the message is retried and then parked on the DLQ
 * to be seen, as any failing handler's.
 */
export function on<S extends z.ZodType>(definition: EventDefinition<S>, handler: EventHandler<z.output<S>>): Subscription {
  return {
    event: definition,
    async handle(event, ctx) {
      const data = definition.schema.parse(event.data) as z.output<S>;
      await handler(data, { ...event, data }, ctx);
    },
  };
}

/** What a consumer is given to handle a list of subscriptions: the types it handles and how (startConsumer's handles and handle). */
export type SubscriptionDispatch = Required<Pick<ConsumerOptions, 'handle' | 'handles'>>;

/** Sends each event to the subscription of its type; any other type is not handled (acknowledged as it comes). */
export function dispatchTo(subscriptions: readonly Subscription[]): SubscriptionDispatch {
  const byType = new Map<string, Subscription>();
  for (const subscription of subscriptions) {
    // Two handlers of one type would leave one of them silently unused.
    if (byType.has(subscription.event.type)) throw new Error(`${subscription.event.type} is subscribed to twice`);
    byType.set(subscription.event.type, subscription);
  }
  return {
    handles: (type) => byType.has(type),
    handle: async (event, ctx) => {
      const subscription = byType.get(event.type);
      if (!subscription) throw new Error(`no subscription to ${event.type}`);
      await subscription.handle(event, ctx);
    },
  };
}
