import type { ChannelModel, ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import type { Collection } from 'mongodb';
import type { KeyedLock } from '@study/keyed-lock';
import type { EventBroker } from './broker';
import { parseCloudEvent, type CloudEvent } from './cloud-event';
import type { EventLogger } from './logger';
import { assertConsumerTopology, consumerTopology, DEFAULT_RETRY_DELAYS_MS, retryQueueName, type ConsumerTopology } from './topology';
import { closeQuietly } from './close-quietly';
import { failSpan, inEventSpan, withCorrelationId } from './trace-context';
import type { Span } from '@opentelemetry/api';

/** An event id this consumer has handled; `_id` is the event id. */
export interface InboxEntry {
  _id: string;
  type: string;
  handledAt: Date;
}

export interface HandleContext {
  /** 1 on the first delivery, then 2, 3, ... on each retry. */
  attempt: number;
}

/** What became of one delivery the consumer took up: handled now, handled before (the inbox had it), or failed. */
export type HandlingOutcome = 'handled' | 'duplicate' | 'failed';

/** Told what the consumer does with each message, for metrics; every method is optional. */
export interface ConsumerObserver {
  /** A delivery of an event this service handles, once its handling ended, with the seconds it took. */
  handled?(type: string, outcome: HandlingOutcome, seconds: number): void;
  /** A failed event is sent back for another attempt. */
  retried?(type: string): void;
  /** An event is parked on the dead-letter queue (type `invalid` when it was not a CloudEvent). */
  deadLettered?(type: string): void;
}

export interface ConsumerOptions {
  /** Durable (quorum) queue named after the consuming service, e.g. `svc-scoring`; `<queue>.dlq` sits beside it. */
  queue: string;
  /** Routing-key patterns on the exchange, e.g. `['participants.#']`. */
  bindings: string[];
  /** Ids of handled events (this service's database). */
  inbox: Collection<InboxEntry>;
  /** Does the work for one event; throw to have it retried. Must finish its writes before resolving. */
  handle(event: CloudEvent, ctx: HandleContext): Promise<void>;
  /**
   * Whether the service does anything with an event of this type (default: every type). One it
   * does not is acknowledged without handling or touching the inbox: the bindings are wide
   * (`participants.#`), and doing nothing needs no record of having done it.
   */
  handles?(type: string): boolean;
  /** Deliveries before a failing message is parked on `<queue>.dlq`. Default 5. */
  maxAttempts?: number;
  /** Wait before attempt n+1 is `retryDelaysMs[n-1]` (the last entry repeats). Default [1000, 5000, 15000, 60000]. */
  retryDelaysMs?: number[];
  /** Unacknowledged messages in flight at once. Default 10. */
  prefetch?: number;
  /**
   * With several instances of one service, the same event id can be in flight in two of them
   * (a duplicate publish). Given a lock, handling an id is serialized across processes too;
   * within one process it always is.
   */
  lock?: KeyedLock;
  observer?: ConsumerObserver;
}

export interface RunningConsumer {
  /** Stops taking messages, lets the ones in hand finish (and be acked), closes the channel. */
  stop(): Promise<void>;
}

/** Header carrying the delivery attempt of a retried message. */
export const ATTEMPT_HEADER = 'x-attempt';
/**
 * Where a message was first published: the exchange and routing key (the event type). Set on
 * the first retry and carried through every retry queue, so a message parked on the DLQ names
 * its real origin, not the retry queue it came back from.
 */
export const ORIGINAL_EXCHANGE_HEADER = 'x-original-exchange';
export const ORIGINAL_ROUTING_KEY_HEADER = 'x-original-routing-key';
const ERROR_HEADER = 'x-last-error';
const MAX_ERROR_LENGTH = 1_000;
const RESETUP_DELAY_MS = 1_000;

/**
 * Consumes `queue` with manual acks. Each message is acked only after the handler and the
 * inbox insert succeeded; a handled id (inbox hit) is acked without handling; a failure is
 * re-queued with back-off through a retry queue and parked on `<queue>.dlq` after maxAttempts;
 * a message that is not a valid CloudEvent goes straight to the DLQ. After a reconnect the
 * topology is asserted again and consuming resumes.
 *
 * Resolves once the topology is declared and consuming has started.
 */
export async function startConsumer(broker: EventBroker, opts: ConsumerOptions): Promise<RunningConsumer> {
  const consumer = new QueueConsumer(broker, opts);
  await consumer.start();
  return consumer;
}

class QueueConsumer implements RunningConsumer {
  private readonly topology: ConsumerTopology;
  private readonly maxAttempts: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly prefetch: number;
  private readonly log: EventLogger;
  private stopped = false;
  private model: ChannelModel | null = null;
  private channel: ConfirmChannel | null = null;
  private consumerTag: string | null = null;
  private attaching: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private unwatch: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly perEventId = new Map<string, Promise<void>>();

  constructor(
    private readonly broker: EventBroker,
    private readonly opts: ConsumerOptions,
  ) {
    if (!opts.queue) throw new Error('startConsumer needs a queue name');
    if (opts.bindings.length === 0) throw new Error('startConsumer needs at least one binding');
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.retryDelaysMs = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.prefetch = opts.prefetch ?? 10;
    if (!Number.isInteger(this.maxAttempts) || this.maxAttempts < 1) throw new RangeError('maxAttempts must be a positive integer');
    if (this.retryDelaysMs.length === 0 || this.retryDelaysMs.some((d) => !Number.isInteger(d) || d < 0)) {
      throw new RangeError('retryDelaysMs must be a non-empty list of non-negative integers');
    }
    if (!Number.isInteger(this.prefetch) || this.prefetch < 1) throw new RangeError('prefetch must be a positive integer');
    this.topology = consumerTopology(broker.exchange, opts.queue, this.retryDelaysMs);
    this.log = broker.logger;
  }

  async start(): Promise<void> {
    const model = this.broker.currentConnection() ?? (await this.firstConnection());
    this.model = model;
    this.unwatch = this.broker.watchConnection((next) => this.onConnection(next));
    try {
      // The first set-up reports a bad configuration (e.g. a queue declared with other arguments) to the caller.
      await this.attach(model, true);
    } catch (err) {
      this.stopped = true;
      this.unwatch();
      if (this.retryTimer) clearTimeout(this.retryTimer);
      throw err;
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unwatch?.();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.attaching?.catch(() => undefined);
    const channel = this.channel;
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
    this.channel = null;
    // Closing returns any prefetched, unhandled message to the queue.
    if (channel) await closeQuietly(channel);
    this.log.info({ queue: this.opts.queue }, 'consumer stopped');
  }

  private firstConnection(): Promise<ChannelModel> {
    return new Promise((resolve, reject) => {
      if (this.broker.isClosed) return reject(new Error('The event broker is closed'));
      const unwatch = this.broker.watchConnection((model) => {
        if (!model) return;
        unwatch();
        resolve(model);
      });
    });
  }

  private onConnection(model: ChannelModel | null): void {
    if (this.stopped) return;
    // Already consuming (or setting up) on this very connection.
    if (model && model === this.model && (this.channel || this.attaching)) return;
    this.model = model;
    this.channel = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (model) this.scheduleAttach(model, 0);
  }

  private scheduleAttach(model: ChannelModel, delayMs: number): void {
    if (this.stopped || this.broker.isClosed) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.stopped || this.model !== model || this.channel) return;
      if (this.attaching) {
        // Another set-up is running; look again once it is done.
        void this.attaching.finally(() => this.scheduleAttach(model, 0));
        return;
      }
      this.attach(model, false).catch((err: unknown) => {
        this.log.warn({ err, queue: this.opts.queue }, 'consumer set-up failed; retrying');
        this.scheduleAttach(model, RESETUP_DELAY_MS);
      });
    }, delayMs);
  }

  private attach(model: ChannelModel, first: boolean): Promise<void> {
    const run = (async () => {
      // On channels of its own (a queue left classic by an earlier version is migrated first).
      await assertConsumerTopology(model, this.topology, this.opts.bindings, this.log);
      if (this.stopped || this.model !== model) throw new Error('consumer stopped or connection replaced during set-up');
      const channel = await model.createConfirmChannel();
      channel.on('error', (err: Error) => this.log.warn({ err, queue: this.opts.queue }, 'consumer channel error'));
      channel.on('close', () => this.onChannelClosed(model, channel));
      try {
        await channel.prefetch(this.prefetch);
        if (this.stopped || this.model !== model) throw new Error('consumer stopped or connection replaced during set-up');
        this.channel = channel;
        const { consumerTag } = await channel.consume(this.opts.queue, (msg) => this.onMessage(channel, msg), { noAck: false });
        this.consumerTag = consumerTag;
        this.log.info({ queue: this.opts.queue, bindings: this.opts.bindings, first }, 'consuming');
      } catch (err) {
        if (this.channel === channel) this.channel = null;
        await closeQuietly(channel);
        throw err;
      }
    })();
    this.attaching = run;
    return run.finally(() => {
      if (this.attaching === run) this.attaching = null;
    });
  }

  // A channel can close on its own (a channel error, the queue deleted) while the connection stays.
  private onChannelClosed(model: ChannelModel, channel: ConfirmChannel): void {
    if (this.channel !== channel) return;
    this.channel = null;
    this.consumerTag = null;
    if (this.stopped) return;
    this.scheduleAttach(model, RESETUP_DELAY_MS);
  }

  private onMessage(channel: ConfirmChannel, msg: ConsumeMessage | null): void {
    if (msg === null) {
      // The server cancelled the consumer (e.g. the queue was deleted): start over.
      this.log.warn({ queue: this.opts.queue }, 'consumer cancelled by the broker; setting up again');
      void closeQuietly(channel);
      return;
    }
    // Not acked: closing the channel in stop() hands it back to the queue.
    if (this.stopped) return;
    const work = this.process(channel, msg).catch((err: unknown) => {
      this.log.error({ err, queue: this.opts.queue, messageId: msg.properties.messageId }, 'unexpected consumer failure');
    });
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async process(channel: ConfirmChannel, msg: ConsumeMessage): Promise<void> {
    const attempt = attemptOf(msg);
    let event: CloudEvent;
    try {
      event = parseCloudEvent(JSON.parse(msg.content.toString('utf8')));
    } catch (err) {
      this.log.error({ err, queue: this.opts.queue, messageId: msg.properties.messageId }, 'invalid message sent to the dead-letter queue');
      await this.deadLetter(channel, msg, 'invalid', attempt, `invalid CloudEvent: ${(err as Error).message}`);
      return;
    }
    if (this.opts.handles && !this.opts.handles(event.type)) {
      this.log.debug({ queue: this.opts.queue, eventId: event.id, eventType: event.type }, 'event not handled here');
      this.ack(channel, msg);
      return;
    }
    try {
      await this.oneAtATime(event.id, () => this.handleOnce(channel, msg, event, attempt));
    } catch (err) {
      // Only the cross-process lock can fail here (LockTimeoutError): count it as a failed attempt.
      const logCtx = { queue: this.opts.queue, eventId: event.id, type: event.type, attempt };
      await this.handleFailure(channel, msg, event, attempt, err, logCtx);
    }
  }

  /**
   * Handles the event in a span of its trace, with its correlation id as the one of every event
   * the handler creates: a handler never passes either along itself.
   */
  private handleOnce(channel: ConfirmChannel, msg: ConsumeMessage, event: CloudEvent, attempt: number): Promise<void> {
    const span = { operation: 'process' as const, type: event.type, destination: this.opts.queue, attempt };
    return inEventSpan(event, span, (active) => withCorrelationId(event.correlationid, () => this.handleTraced(channel, msg, event, attempt, active)));
  }

  private async handleTraced(channel: ConfirmChannel, msg: ConsumeMessage, event: CloudEvent, attempt: number, span: Span): Promise<void> {
    const logCtx = { queue: this.opts.queue, eventId: event.id, type: event.type, attempt, correlationId: event.correlationid };
    const started = process.hrtime.bigint();
    const observe = (outcome: HandlingOutcome) => this.opts.observer?.handled?.(event.type, outcome, Number(process.hrtime.bigint() - started) / 1e9);
    try {
      const seen = await this.opts.inbox.findOne({ _id: event.id }, { projection: { _id: 1 } });
      if (seen) {
        observe('duplicate');
        this.log.debug(logCtx, 'event already handled; acknowledged without handling');
        this.ack(channel, msg);
        return;
      }
      await this.opts.handle(event, { attempt });
      await this.recordHandled(event);
    } catch (err) {
      observe('failed');
      failSpan(span, err);
      await this.handleFailure(channel, msg, event, attempt, err, logCtx);
      return;
    }
    observe('handled');
    this.log.debug(logCtx, 'event handled');
    this.ack(channel, msg);
  }

  private async recordHandled(event: CloudEvent): Promise<void> {
    try {
      await this.opts.inbox.insertOne({ _id: event.id, type: event.type, handledAt: new Date() });
    } catch (err) {
      // Another instance handled and recorded the same id meanwhile: it is recorded either way.
      if ((err as { code?: unknown }).code !== 11000) throw err;
    }
  }

  private async handleFailure(channel: ConfirmChannel, msg: ConsumeMessage, event: CloudEvent, attempt: number, err: unknown, logCtx: object) {
    const reason = err instanceof Error ? err.message : String(err);
    if (attempt >= this.maxAttempts) {
      this.log.error({ ...logCtx, err }, `event failed ${attempt} times; sent to the dead-letter queue`);
      await this.deadLetter(channel, msg, event.type, attempt, reason);
      return;
    }
    this.opts.observer?.retried?.(event.type);
    const delayMs = this.retryDelaysMs[Math.min(attempt - 1, this.retryDelaysMs.length - 1)]!;
    this.log.warn({ ...logCtx, err, retryInMs: delayMs }, 'event handling failed; will retry');
    try {
      await publishConfirmed(channel, '', retryQueueName(this.opts.queue, delayMs), msg, {
        expiration: String(delayMs),
        headers: { ...ownHeaders(msg), ...originHeaders(msg, this.topology.exchange), [ATTEMPT_HEADER]: attempt + 1, [ERROR_HEADER]: truncate(reason) },
      });
      this.ack(channel, msg);
    } catch (publishErr) {
      // Could not park it for later: hand it straight back to the queue (same attempt).
      this.log.warn({ ...logCtx, err: publishErr }, 'could not schedule the retry; requeueing');
      this.nack(channel, msg, true);
    }
  }

  /** Parks a message on `<queue>.dlq` with the reason, falling back to a plain reject (the queue's DLX). */
  private async deadLetter(channel: ConfirmChannel, msg: ConsumeMessage, type: string, attempt: number, reason: string): Promise<void> {
    // Parked either way: published to the DLQ here, or rejected onto it by the queue's dead-letter exchange.
    this.opts.observer?.deadLettered?.(type);
    try {
      await publishConfirmed(channel, this.topology.deadLetterExchange, this.opts.queue, msg, {
        headers: {
          ...ownHeaders(msg),
          [ATTEMPT_HEADER]: attempt,
          [ERROR_HEADER]: truncate(reason),
          ...originHeaders(msg, this.topology.exchange),
          'x-failed-at': new Date().toISOString(),
        },
      });
      this.ack(channel, msg);
    } catch {
      this.nack(channel, msg, false);
    }
  }

  private ack(channel: ConfirmChannel, msg: ConsumeMessage): void {
    try {
      channel.ack(msg);
    } catch (err) {
      // The channel is gone; the broker redelivers the message and the inbox absorbs it.
      this.log.debug({ err, queue: this.opts.queue }, 'ack not sent: channel closed');
    }
  }

  private nack(channel: ConfirmChannel, msg: ConsumeMessage, requeue: boolean): void {
    try {
      channel.nack(msg, false, requeue);
    } catch (err) {
      this.log.debug({ err, queue: this.opts.queue }, 'nack not sent: channel closed');
    }
  }

  /** Two deliveries of one event id never run side by side (in this process, or anywhere with a lock). */
  private async oneAtATime(eventId: string, fn: () => Promise<void>): Promise<void> {
    const previous = this.perEventId.get(eventId) ?? Promise.resolve();
    const run = previous.then(() => (this.opts.lock ? this.opts.lock.run(`inbox:${this.opts.queue}:${eventId}`, fn) : fn()));
    const tail = run.catch(() => undefined);
    this.perEventId.set(eventId, tail);
    try {
      await run;
    } finally {
      if (this.perEventId.get(eventId) === tail) this.perEventId.delete(eventId);
    }
  }
}

function attemptOf(msg: ConsumeMessage): number {
  const value = Number(msg.properties.headers?.[ATTEMPT_HEADER]);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/**
 * The exchange and routing key the message was first published with: what an earlier retry
 * recorded; else, for a message that came back through the default exchange (a retry queue)
 * without that record, the event type on the consumer's exchange; else this delivery's own.
 */
function originHeaders(msg: ConsumeMessage, exchange: string): Record<string, string> {
  const headers = msg.properties.headers ?? {};
  const recordedKey = headers[ORIGINAL_ROUTING_KEY_HEADER];
  if (typeof recordedKey === 'string' && recordedKey !== '') {
    const recordedExchange = headers[ORIGINAL_EXCHANGE_HEADER];
    return { [ORIGINAL_ROUTING_KEY_HEADER]: recordedKey, [ORIGINAL_EXCHANGE_HEADER]: typeof recordedExchange === 'string' ? recordedExchange : exchange };
  }
  if (msg.fields.exchange === '' && typeof msg.properties.type === 'string' && msg.properties.type !== '') {
    return { [ORIGINAL_ROUTING_KEY_HEADER]: msg.properties.type, [ORIGINAL_EXCHANGE_HEADER]: exchange };
  }
  return { [ORIGINAL_ROUTING_KEY_HEADER]: msg.fields.routingKey, [ORIGINAL_EXCHANGE_HEADER]: msg.fields.exchange };
}

// Broker-written headers (x-death, x-first-death-*, ...) are not copied onto a republished message.
function ownHeaders(msg: ConsumeMessage): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(msg.properties.headers ?? {})) {
    if (!key.startsWith('x-')) headers[key] = value;
  }
  return headers;
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}...` : text;
}

function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  msg: ConsumeMessage,
  extra: Pick<Options.Publish, 'expiration' | 'headers'>,
): Promise<void> {
  const p = msg.properties;
  return new Promise<void>((resolve, reject) => {
    try {
      channel.publish(
        exchange,
        routingKey,
        msg.content,
        {
          persistent: true,
          contentType: p.contentType,
          messageId: p.messageId,
          correlationId: p.correlationId,
          type: p.type,
          appId: p.appId,
          timestamp: p.timestamp,
          ...extra,
        },
        (err: unknown) => (err ? reject(err instanceof Error ? err : new Error('nacked')) : resolve()),
      );
    } catch (err) {
      reject(err);
    }
  });
}
