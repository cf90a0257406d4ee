import { connect, type ChannelModel, type ConfirmChannel, type RecoveringChannelModel } from 'amqplib';
import { parseCloudEvent, type CloudEvent } from './cloud-event';
import type { EventLogger } from './logger';
import { closeQuietly } from './close-quietly';
import { inEventSpan, traceAttributesOf } from './trace-context';

export const CLOUDEVENTS_CONTENT_TYPE = 'application/cloudevents+json';

export interface EventBrokerOptions {
  /** amqp://user:password@host:5672[/vhost]; a `heartbeat` query parameter overrides heartbeatSeconds. */
  url: string;
  /** The durable topic exchange every service publishes to, e.g. `study.events`. */
  exchange: string;
  logger: EventLogger;
  /** Shown in the RabbitMQ management UI and `rabbitmqctl list_connections`. */
  connectionName?: string;
  /** How long publish waits for a connection plus the broker's confirm before it rejects. Default 10000. */
  publishTimeoutMs?: number;
  /** AMQP heartbeat, so a silently dead connection is noticed. Default 15. */
  heartbeatSeconds?: number;
  reconnect?: {
    /** First delay before reconnecting. Default 200. */
    initialDelayMs?: number;
    /** Longest delay between reconnect attempts. Default 5000. */
    maxDelayMs?: number;
    /** Attempts before `connect` gives up at start-up (once connected it never gives up). Default 5. */
    initialMaxRetries?: number;
  };
}

export class BrokerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrokerUnavailableError';
  }
}

export class PublishNotConfirmedError extends Error {
  constructor(
    readonly eventId: string,
    reason: string,
  ) {
    super(`Event ${eventId} was not confirmed by the broker: ${reason}`);
    this.name = 'PublishNotConfirmedError';
  }
}

type ConnectionListener = (model: ChannelModel | null) => void;

interface Live {
  model: ChannelModel;
  channel: ConfirmChannel | null;
}

/**
 * One AMQP connection with automatic recovery. Publishing uses a confirm channel; consumers
 * started with `startConsumer` open their own channels on the same connection and re-create
 * them (and the topology) after every reconnect.
 */
export class EventBroker {
  readonly exchange: string;
  readonly logger: EventLogger;
  private readonly publishTimeoutMs: number;
  private live: Live | null = null;
  private prepared: Live | null = null;
  private readonly reopening = new WeakSet<ChannelModel>();
  private closed = false;
  private readonly readyWaiters = new Set<() => void>();
  private readonly connectionListeners = new Set<ConnectionListener>();

  private constructor(
    private readonly connection: RecoveringChannelModel,
    opts: EventBrokerOptions,
  ) {
    this.exchange = opts.exchange;
    this.logger = opts.logger;
    this.publishTimeoutMs = opts.publishTimeoutMs ?? 10_000;
  }

  /** Connects (retrying a few times at start-up) and asserts the exchange; rejects when the broker stays unreachable. */
  static async connect(opts: EventBrokerOptions): Promise<EventBroker> {
    if (!opts.exchange) throw new Error('EventBroker needs an exchange name');
    const url = new URL(opts.url);
    if (!url.searchParams.has('heartbeat')) url.searchParams.set('heartbeat', String(opts.heartbeatSeconds ?? 15));
    // The setup hook below runs only after connect() has returned (the first attempt is deferred).
    const ref: { broker?: EventBroker } = {};
    const connection = await connect(url.toString(), {
      clientProperties: opts.connectionName ? { connection_name: opts.connectionName } : {},
      recovery: {
        initialDelay: opts.reconnect?.initialDelayMs ?? 200,
        maxDelay: opts.reconnect?.maxDelayMs ?? 5_000,
        initialMaxRetries: opts.reconnect?.initialMaxRetries ?? 5,
        maxRetries: Infinity,
        // Listeners go on before the first attempt, so the first 'connect' is not missed.
        waitForConnect: false,
        // Runs after every (re)connect, before the connection counts as up.
        setup: (model: ChannelModel) => {
          if (!ref.broker) throw new Error('EventBroker is not ready');
          return ref.broker.prepare(model);
        },
      },
    });
    const broker = new EventBroker(connection, opts);
    ref.broker = broker;
    broker.listen();
    try {
      await connection.waitForConnect();
    } catch (err) {
      throw new BrokerUnavailableError(`Could not connect to RabbitMQ at ${redact(url)}: ${(err as Error).message}`);
    }
    return broker;
  }

  /** True while a connection and its publishing channel are up. */
  isConnected(): boolean {
    return !this.closed && this.live?.channel != null;
  }

  /**
   * Publishes one event as a persistent message (routing key = type, message id = id) and
   * resolves once the broker has confirmed it. Rejects when the event is invalid, when no
   * connection comes up within publishTimeoutMs, or when the broker nacks or the connection
   * drops before the confirm: the caller must then keep the event and try again.
   */
  async publish(event: CloudEvent): Promise<void> {
    parseCloudEvent(event);
    // The publish is a span of the trace the event was created in; the envelope then carries the
    // publish's own context, so the consumer's span follows it (request → publish → process).
    await inEventSpan(event, { operation: 'publish', type: event.type, destination: this.exchange }, async () => {
      const traced = traceAttributesOf();
      await this.publishConfirmed(traced.traceparent ? { ...event, ...traced } : event);
    });
  }

  private async publishConfirmed(event: CloudEvent): Promise<void> {
    const deadline = Date.now() + this.publishTimeoutMs;
    const channel = await this.waitForChannel(deadline);
    const content = Buffer.from(JSON.stringify(event));
    const timestamp = Math.floor(Date.parse(event.time) / 1000);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new PublishNotConfirmedError(event.id, `no confirm within ${this.publishTimeoutMs} ms`)),
        Math.max(1, deadline - Date.now()),
      );
      try {
        channel.publish(
          this.exchange,
          event.type,
          content,
          {
            persistent: true,
            messageId: event.id,
            type: event.type,
            contentType: CLOUDEVENTS_CONTENT_TYPE,
            timestamp: Number.isFinite(timestamp) ? timestamp : undefined,
            appId: event.source,
            ...(event.correlationid ? { correlationId: event.correlationid } : {}),
          },
          (err: unknown) => {
            clearTimeout(timer);
            if (err) reject(new PublishNotConfirmedError(event.id, err instanceof Error ? err.message : 'nacked'));
            else resolve();
          },
        );
      } catch (err) {
        // The channel closed between waitForChannel and here.
        clearTimeout(timer);
        reject(new PublishNotConfirmedError(event.id, (err as Error).message));
      }
    });
  }

  /** Closes the connection; consumers on it stop receiving. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const model = this.live?.model;
    this.live = null;
    this.wakeWaiters();
    // Consumers still running stop re-opening channels on a connection that is going away.
    this.notify(null);
    if (model) await closeQuietly(model, () => this.connection.close());
    else await this.connection.close();
    this.logger.info({ exchange: this.exchange }, 'event broker connection closed');
  }

  /**
   * For startConsumer: the listener gets every new connection (at once if one is up) and null
   * when it drops. Returns the unsubscribe function.
   */
  watchConnection(listener: ConnectionListener): () => void {
    this.connectionListeners.add(listener);
    const current = this.live?.model;
    if (current) {
      queueMicrotask(() => {
        if (this.connectionListeners.has(listener) && this.live?.model === current) listener(current);
      });
    }
    return () => {
      this.connectionListeners.delete(listener);
    };
  }

  /** The connection that is up right now, if any. */
  currentConnection(): ChannelModel | null {
    return this.closed ? null : (this.live?.model ?? null);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private async prepare(model: ChannelModel): Promise<void> {
    // amqplib listens for this connection's errors only once this setup hook has finished: an
    // error meanwhile (the connection dropping while the channel opens) would be unhandled and
    // end the process. Logged here; after setup the recovering connection reports them too.
    model.on('error', (err: Error) => this.logger.debug({ err }, 'RabbitMQ connection error while (re)connecting'));
    const channel = await this.openPublishChannel(model);
    this.prepared = { model, channel };
  }

  private async openPublishChannel(model: ChannelModel): Promise<ConfirmChannel> {
    const channel = await model.createConfirmChannel();
    channel.on('error', (err: Error) => this.logger.warn({ err, exchange: this.exchange }, 'publishing channel error'));
    channel.on('close', () => this.onPublishChannelClosed(model, channel));
    await channel.assertExchange(this.exchange, 'topic', { durable: true });
    return channel;
  }

  private listen(): void {
    const conn = this.connection;
    conn.on('connect', (model: ChannelModel) => {
      const prepared = this.prepared?.model === model ? this.prepared : { model, channel: null };
      this.prepared = null;
      this.live = prepared;
      this.logger.info({ exchange: this.exchange }, 'connected to RabbitMQ');
      if (!prepared.channel) this.reopenPublishChannel(model);
      this.wakeWaiters();
      this.notify(model);
    });
    conn.on('disconnect', (err: Error) => {
      this.live = null;
      this.logger.warn({ err, exchange: this.exchange }, 'RabbitMQ connection lost; reconnecting');
      this.notify(null);
    });
    conn.on('connect-failed', (err: Error) => this.logger.warn({ err }, 'RabbitMQ connection attempt failed'));
    conn.on('reconnect-scheduled', ({ attempt, delay }: { attempt: number; delay: number }) =>
      this.logger.debug({ attempt, delayMs: delay }, 'RabbitMQ reconnect scheduled'),
    );
    conn.on('reconnect-failed', (err: Error) => this.logger.error({ err }, 'gave up connecting to RabbitMQ'));
    conn.on('error', (err: Error) => this.logger.warn({ err }, 'RabbitMQ connection error'));
    conn.on('blocked', (reason: string) => this.logger.warn({ reason }, 'RabbitMQ blocked publishing (resource alarm)'));
    conn.on('unblocked', () => this.logger.info({}, 'RabbitMQ unblocked publishing'));
  }

  private notify(model: ChannelModel | null): void {
    for (const listener of this.connectionListeners) {
      try {
        listener(model);
      } catch (err) {
        this.logger.error({ err }, 'connection listener failed');
      }
    }
  }

  // A channel-level error (not a connection drop) closes only the channel: open a new one.
  private onPublishChannelClosed(model: ChannelModel, channel: ConfirmChannel): void {
    if (this.live?.model !== model || this.live.channel !== channel) return;
    this.live.channel = null;
    this.reopenPublishChannel(model);
  }

  private reopenPublishChannel(model: ChannelModel): void {
    if (this.reopening.has(model) || this.closed) return;
    this.reopening.add(model);
    void (async () => {
      // Wait first: when the whole connection is going down, its 'disconnect' follows at once.
      for (let delay = 100; ; delay = Math.min(delay * 2, 5_000)) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (this.closed || this.live?.model !== model || this.live.channel) return;
        try {
          const channel = await this.openPublishChannel(model);
          if (this.live?.model === model) {
            this.live.channel = channel;
            this.wakeWaiters();
          } else {
            await closeQuietly(channel);
          }
          return;
        } catch (err) {
          this.logger.warn({ err }, 'could not reopen the publishing channel');
        }
      }
    })().finally(() => {
      this.reopening.delete(model);
    });
  }

  private wakeWaiters(): void {
    for (const wake of this.readyWaiters) wake();
    this.readyWaiters.clear();
  }

  private async waitForChannel(deadline: number): Promise<ConfirmChannel> {
    for (;;) {
      if (this.closed) throw new BrokerUnavailableError('The event broker is closed');
      const channel = this.live?.channel;
      if (channel) return channel;
      const left = deadline - Date.now();
      if (left <= 0) throw new BrokerUnavailableError(`No RabbitMQ connection within ${this.publishTimeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.readyWaiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.readyWaiters.add(wake);
      });
    }
  }
}

function redact(url: URL): string {
  const copy = new URL(url.toString());
  if (copy.password) copy.password = '***';
  return `${copy.protocol}//${copy.host}${copy.pathname === '/' ? '' : copy.pathname}`;
}
