import type { Collection, UpdateFilter } from 'mongodb';
import { LockTimeoutError, type KeyedLock } from '@study/keyed-lock';
import type { EventBroker } from './broker';
import { parseCloudEvent, type CloudEvent } from './cloud-event';
import type { EventLogger } from './logger';
import { OUTBOX_FIELD, outboxLockKey, PENDING_OUTBOX_FILTER } from './outbox';

export interface OutboxRelayOptions {
  /** Collections whose documents carry an `outbox` array (written with withOutbox). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  collections: Collection<any>[];
  broker: EventBroker;
  /** The same lock (Redis and prefix) the service uses around its document writes. */
  lock: KeyedLock;
  logger: EventLogger;
  /** Pause between passes when nothing nudges the relay. Default 250. */
  intervalMs?: number;
  /** Documents read per collection per pass. Default 100. */
  batchSize?: number;
  /** Documents relayed side by side. Default 4. */
  concurrency?: number;
}

type Stored = Record<string, unknown> & { id?: unknown };

/**
 * Publishes the events waiting in documents' outboxes. Per document, under the keyed lock, it
 * publishes the pending events in order with publisher confirms and removes exactly the
 * confirmed ones; the first failure ends that document's turn and leaves the rest for the
 * next pass. Delivery is at least once: consumers dedupe on the event id.
 */
export class OutboxRelay {
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private passing: Promise<void> | null = null;
  private again = false;
  private warnedPullMismatch = false;

  constructor(private readonly opts: OutboxRelayOptions) {
    this.intervalMs = opts.intervalMs ?? 250;
    this.batchSize = opts.batchSize ?? 100;
    this.concurrency = opts.concurrency ?? 4;
    if (opts.collections.length === 0) throw new Error('OutboxRelay needs at least one collection');
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs a pass soon, e.g. right after a write that added events. */
  nudge(): void {
    if (!this.started || this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops scheduling passes and waits for the one in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.passing;
  }

  /** One pass over every collection; exposed for tests and for a final flush at shutdown. */
  async runOnce(): Promise<void> {
    // With the broker down every publish would fail: wait for the reconnect instead.
    if (!this.opts.broker.isConnected()) return;
    for (const collection of this.opts.collections) {
      let ids: unknown[];
      try {
        const docs = await collection.find(PENDING_OUTBOX_FILTER, { projection: { _id: 1 } }).limit(this.batchSize).toArray();
        ids = docs.map((doc) => doc._id as unknown);
      } catch (err) {
        this.opts.logger.warn({ err, collection: collection.collectionName }, 'could not read pending outboxes');
        continue;
      }
      if (ids.length === this.batchSize) this.again = true;
      await forEachLimited(ids, this.concurrency, (id) => this.relayDocument(collection, id));
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pass();
    }, delayMs);
  }

  private pass(): void {
    if (this.stopped || this.passing) return;
    this.again = false;
    this.passing = this.runOnce()
      .catch((err: unknown) => this.opts.logger.error({ err }, 'outbox relay pass failed'))
      .finally(() => {
        this.passing = null;
        if (!this.stopped) this.schedule(this.again ? 0 : this.intervalMs);
      });
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async relayDocument(collection: Collection<any>, id: unknown): Promise<void> {
    const key = outboxLockKey(collection.collectionName, id);
    try {
      await this.opts.lock.run(key, () => this.relayLocked(collection, id));
    } catch (err) {
      if (err instanceof LockTimeoutError) this.opts.logger.debug({ key }, 'document busy; relaying it on a later pass');
      else this.opts.logger.warn({ err, key }, 'could not relay the outbox of a document');
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async relayLocked(collection: Collection<any>, id: unknown): Promise<void> {
    // Read again under the lock: another relay may have published these meanwhile.
    const doc = await collection.findOne({ _id: id }, { projection: { [OUTBOX_FIELD]: 1 } });
    const pending: Stored[] = Array.isArray(doc?.[OUTBOX_FIELD]) ? (doc[OUTBOX_FIELD] as Stored[]) : [];
    const done: Stored[] = [];
    for (const stored of pending) {
      let event: CloudEvent;
      try {
        event = parseCloudEvent(JSON.parse(JSON.stringify(stored)));
      } catch (err) {
        // withOutbox never stores such an event; one written some other way can never be sent.
        // Keeping it would block every later event of this document, so it is logged in full and dropped.
        this.opts.logger.error({ err, collection: collection.collectionName, id, event: stored }, 'dropping an invalid event from the outbox');
        done.push(stored);
        continue;
      }
      try {
        await this.opts.broker.publish(event);
      } catch (err) {
        this.opts.logger.warn({ err, eventId: event.id, type: event.type }, 'publish not confirmed; the event stays in the outbox');
        break;
      }
      done.push(stored);
      this.opts.logger.debug({ eventId: event.id, type: event.type, correlationId: event.correlationid }, 'event published');
    }
    if (done.length > 0) await this.remove(collection, id, done);
  }

  /** Removes exactly the given outbox entries (matched by value, as read) and checks they are gone. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async remove(collection: Collection<any>, id: unknown, done: Stored[]): Promise<void> {
    // FerretDB 1.24 ignores a $pull with a condition ({ id: { $in } }); $pullAll of the exact
    // stored values works on both databases.
    await collection.updateOne({ _id: id }, { $pullAll: { [OUTBOX_FIELD]: done } } as unknown as UpdateFilter<Stored>);
    const after = await collection.findOne({ _id: id }, { projection: { [OUTBOX_FIELD]: 1 } });
    const remaining: Stored[] = Array.isArray(after?.[OUTBOX_FIELD]) ? (after[OUTBOX_FIELD] as Stored[]) : [];
    const doneIds = new Set(done.map((e) => e.id));
    if (!remaining.some((e) => doneIds.has(e.id))) return;
    // A value that does not survive the round trip unchanged did not match. We hold the
    // document's lock, so rewriting the array cannot lose a concurrent write.
    if (!this.warnedPullMismatch) {
      this.warnedPullMismatch = true;
      this.opts.logger.warn({ collection: collection.collectionName, id }, 'outbox entries did not match by value; removed them by id');
    }
    await collection.updateOne({ _id: id }, { $set: { [OUTBOX_FIELD]: remaining.filter((e) => !doneIds.has(e.id)) } });
  }
}

async function forEachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
