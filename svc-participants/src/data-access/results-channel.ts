import type { RedisConnection } from '@study/service-kit';
import type { Logger } from 'pino';

type Listener = () => void;

/**
 * "A participant's results changed here": a Redis publish/subscribe channel, so every instance
 * of the service hears it and tells the result streams it holds open for that participant. The
 * message is only the study ID; each stream reads the stored results itself. A lost message
 * costs a stream one update until the next (or a reconnect, which starts with the stored state),
 * never a result: the results themselves are stored before anything is said.
 */
export class ResultsChannel {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscriber: RedisConnection | undefined;
  private subscribing: Promise<void> | undefined;

  constructor(
    private readonly redis: RedisConnection,
    /** Scoped like the locks (by database), so two deployments or tests never hear each other. */
    private readonly channel: string,
    private readonly logger: Logger,
  ) {}

  /** Says the participant's results changed; never fails the write that caused it. */
  changed(pgId: string): void {
    this.redis.publish(this.channel, pgId).catch((err: unknown) => this.logger.warn({ err, pgId }, 'could not announce a results change'));
  }

  /** Calls `listener` on every change of the participant's results until the returned function is called. */
  async listen(pgId: string, listener: Listener): Promise<() => void> {
    await this.subscribe();
    const set = this.listeners.get(pgId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(pgId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(pgId) === set) this.listeners.delete(pgId);
    };
  }

  /** Opens the subscriber connection on first use (a service with no open stream never holds one). */
  private subscribe(): Promise<void> {
    this.subscribing ??= (async () => {
      const subscriber = this.redis.duplicate();
      subscriber.on('error', (err: Error) => this.logger.warn({ err }, 'results channel connection problem'));
      await subscriber.connect();
      await subscriber.subscribe(this.channel, (pgId: string) => {
        for (const listener of [...(this.listeners.get(pgId) ?? [])]) listener();
      });
      this.subscriber = subscriber;
    })().catch((err: unknown) => {
      this.subscribing = undefined;
      throw err;
    });
    return this.subscribing;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.subscribing = undefined;
    if (subscriber?.isOpen) await subscriber.close();
  }
}
