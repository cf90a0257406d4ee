import type { Collection } from 'mongodb';
import { LockTimeoutError, type KeyedLock } from '@study/keyed-lock';
import type { EventBroker } from './broker';
import { parseCloudEvent, type CloudEvent } from './cloud-event';
import type { EventLogger } from './logger';
import { ensureOutboxIndex, OUTBOX_FIELD, OUTBOX_PENDING_FIELD, outboxLockKey, PENDING_OUTBOX_FILTER } from './outbox';

export interface OutboxRelayOptions {
  /** Collections whose documents carry an `outbox` array (written with withOutbox or outboxFields). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  collections: Collection<any>[];
  broker: EventBroker;
  /** The same lock (Redis and prefix) the service uses around its document writes. */
  lock: KeyedLock;
  logger: EventLogger;
  /**
   * Pause between two safety sweeps, which find documents whose nudge was lost (a crash between
   * the write and the publish, a publish that failed). Default 30000.
   */
  sweepIntervalMs?: number;
  /** @deprecated the old polling pause; read as sweepIntervalMs. */
  intervalMs?: number;
  /** Wait before a nudged document whose publish failed is tried again (once; then the sweep). Default 2000. */
  retryDelayMs?: number;
  /** Documents read per collection per sweep query. Default 100. */
  batchSize?: number;
  /** Documents relayed side by side. Default 4. */
  concurrency?: number;
}

/** An outbox entry as read: coded (a string), or a document an earlier release stored. */
type Stored = string | (Record<string, unknown> & { id?: unknown });
const BROKER_CHECK_MS = 1_000;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCollection = Collection<any>;

/** A document to relay: its collection's name and its _id. */
interface Target {
  collection: string;
  id: unknown;
}

/**
 * Publishes the events waiting in documents' outboxes. Per document, under the keyed lock, it
 * publishes the pending events in order with publisher confirms and removes exactly the
 * confirmed ones; the first failure ends that document's turn.
 *
 * Nothing polls: the code that wrote events calls `nudge(collection, id)`, and the relay reads
 * that one document by `_id`. A safety sweep at start, after every reconnect to the broker and
 * every `sweepIntervalMs` finds what a lost nudge left behind, through the indexed
 * `outboxPending` flag. Delivery is at least once: consumers dedupe on the event id.
 */
export class OutboxRelay {
  private readonly sweepIntervalMs: number;
  private readonly retryDelayMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly byName = new Map<string, AnyCollection>();
  private started = false;
  private stopped = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private sweepAgain = false;
  /** Nudged documents waiting for their turn, by lock key (a document queued twice is relayed once). */
  private readonly queued = new Map<string, Target>();
  private readonly retried = new Set<string>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private draining: Promise<void> | null = null;
  private readonly indexed = new Set<string>();
  private unwatch: (() => void) | null = null;
  private warnedPullMismatch = false;

  constructor(private readonly opts: OutboxRelayOptions) {
    this.sweepIntervalMs = opts.sweepIntervalMs ?? opts.intervalMs ?? 30_000;
    this.retryDelayMs = opts.retryDelayMs ?? 2_000;
    this.batchSize = opts.batchSize ?? 100;
    this.concurrency = opts.concurrency ?? 4;
    if (opts.collections.length === 0) throw new Error('OutboxRelay needs at least one collection');
    for (const collection of opts.collections) this.byName.set(collection.collectionName, collection);
  }

  /** Starts the sweeps (the first one at once) and follows the broker's reconnects. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    let connectedBefore = this.opts.broker.isConnected();
    // Events that could not be published while the broker was away go out as soon as it is back.
    this.unwatch = this.opts.broker.watchConnection((model) => {
      if (model && !connectedBefore) this.sweepSoon();
      connectedBefore = model !== null;
    });
    this.scheduleSweep(0);
  }

  /**
   * Publishes a document's events now: call it after a write that added events, with the
   * collection (or its name) and the document's `_id`. Without arguments it runs a sweep soon
   * (an indexed query per collection), as before.
   */
  nudge(collection?: AnyCollection | string, id?: unknown): void {
    if (!this.started || this.stopped) return;
    if (collection === undefined || id === undefined) {
      this.sweepSoon();
      return;
    }
    const name = typeof collection === 'string' ? collection : collection.collectionName;
    if (!this.byName.has(name)) {
      this.opts.logger.warn({ collection: name }, 'nudged for a collection the relay does not watch; ignored');
      return;
    }
    this.enqueue({ collection: name, id });
  }

  /** Stops the sweeps and waits for the relaying in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.started = false;
    this.unwatch?.();
    this.unwatch = null;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.queued.clear();
    await Promise.all([this.sweeping, this.draining]);
  }

  /** One sweep over every collection; exposed for tests and for a final flush at shutdown. */
  async runOnce(): Promise<void> {
    // With the broker down every publish would fail: the reconnect starts a sweep instead.
    if (!this.opts.broker.isConnected()) return;
    for (const collection of this.opts.collections) {
      await this.ensureIndex(collection);
      const seen = new Set<string>();
      for (;;) {
        let ids: unknown[];
        try {
          const docs = await collection.find(PENDING_OUTBOX_FILTER, { projection: { _id: 1 } }).limit(this.batchSize).toArray();
          ids = docs.map((doc) => doc._id as unknown).filter((id) => !seen.has(outboxLockKey(collection.collectionName, id)));
        } catch (err) {
          this.opts.logger.warn({ err, collection: collection.collectionName }, 'could not read pending outboxes');
          break;
        }
        for (const id of ids) seen.add(outboxLockKey(collection.collectionName, id));
        await forEachLimited(ids, this.concurrency, (id) => this.relayDocument(collection, id).then(() => undefined));
        // A full batch may hide more; documents that stayed pending (busy, broker failing) are not read twice.
        if (ids.length === 0 || ids.length < this.batchSize || this.stopped || !this.opts.broker.isConnected()) break;
      }
    }
  }

  private async ensureIndex(collection: AnyCollection): Promise<void> {
    if (this.indexed.has(collection.collectionName)) return;
    try {
      await ensureOutboxIndex(collection);
      this.indexed.add(collection.collectionName);
    } catch (err) {
      this.opts.logger.warn({ err, collection: collection.collectionName }, 'could not create the outbox index; will try again');
    }
  }

  private sweepSoon(): void {
    if (!this.started || this.stopped) return;
    if (this.sweeping) {
      this.sweepAgain = true;
      return;
    }
    this.scheduleSweep(0);
  }

  private scheduleSweep(delayMs: number): void {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = null;
      this.sweep();
    }, delayMs);
  }

  private sweep(): void {
    if (this.stopped || this.sweeping) return;
    this.sweepAgain = false;
    this.sweeping = this.runOnce()
      .catch((err: unknown) => this.opts.logger.error({ err }, 'outbox sweep failed'))
      .finally(() => {
        this.sweeping = null;
        // Broker away: look again shortly (no database query until it is back).
        const next = this.sweepAgain ? 0 : this.opts.broker.isConnected() ? this.sweepIntervalMs : Math.min(this.sweepIntervalMs, BROKER_CHECK_MS);
        if (!this.stopped) this.scheduleSweep(next);
      });
  }

  private enqueue(target: Target): void {
    this.queued.set(outboxLockKey(target.collection, target.id), target);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
      // Nudged while the last ones finished.
      if (this.queued.size > 0 && !this.stopped) this.enqueue(this.queued.values().next().value as Target);
    });
  }

  /** Relays the nudged documents, `concurrency` at a time, until none is waiting. */
  private async drain(): Promise<void> {
    await Promise.resolve();
    const worker = async () => {
      while (this.queued.size > 0 && !this.stopped) {
        const [key, target] = this.queued.entries().next().value as [string, Target];
        this.queued.delete(key);
        if (!this.opts.broker.isConnected()) continue; // the sweep after the reconnect finds it
        const published = await this.relayDocument(this.byName.get(target.collection)!, target.id);
        if (published === 'failed') this.retryOnce(key, target);
        else this.retried.delete(key);
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
  }

  /** A nudged document whose publish failed is tried once more shortly; after that the sweep has it. */
  private retryOnce(key: string, target: Target): void {
    if (this.retried.has(key) || this.stopped) {
      this.retried.delete(key);
      return;
    }
    this.retried.add(key);
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      if (!this.stopped) this.enqueue(target);
    }, this.retryDelayMs);
    this.retryTimers.add(timer);
  }

  /** 'done' when the outbox was emptied, 'busy' when another holder had the document, 'failed' otherwise. */
  private async relayDocument(collection: AnyCollection, id: unknown): Promise<'done' | 'busy' | 'failed'> {
    const key = outboxLockKey(collection.collectionName, id);
    try {
      return (await this.opts.lock.run(key, () => this.relayLocked(collection, id))) ? 'done' : 'failed';
    } catch (err) {
      // A writer holds the document: it nudges again after its write.
      if (err instanceof LockTimeoutError) {
        this.opts.logger.debug({ key }, 'document busy; relaying it after its writer');
        return 'busy';
      }
      this.opts.logger.warn({ err, key }, 'could not relay the outbox of a document');
      return 'failed';
    }
  }

  /** Publishes and removes the document's pending events; true when none is left. */
  private async relayLocked(collection: AnyCollection, id: unknown): Promise<boolean> {
    // Read under the lock: another relay may have published these meanwhile.
    const doc = await collection.findOne({ _id: id }, { projection: { [OUTBOX_FIELD]: 1, [OUTBOX_PENDING_FIELD]: 1 } });
    if (!doc) return true;
    const pending: Stored[] = Array.isArray(doc[OUTBOX_FIELD]) ? (doc[OUTBOX_FIELD] as Stored[]) : [];
    const done: Stored[] = [];
    for (const stored of pending) {
      let event: CloudEvent;
      try {
        event = parseCloudEvent(JSON.parse(typeof stored === 'string' ? stored : JSON.stringify(stored)));
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
    const allDone = done.length === pending.length;
    if (done.length > 0) await this.remove(collection, id, done, allDone);
    else if (allDone && doc[OUTBOX_PENDING_FIELD] !== undefined) await collection.updateOne({ _id: id }, { $unset: { [OUTBOX_PENDING_FIELD]: '' } });
    return allDone;
  }

  /**
   * Removes exactly the given outbox entries (matched by value, as read); clears the pending flag
   * in the same write when they were all the document had. Coded entries (strings) always match;
   * entries stored as documents by an earlier release are checked, and removed by id if not.
   */
  private async remove(collection: AnyCollection, id: unknown, done: Stored[], emptied: boolean): Promise<void> {
    // FerretDB 1.24 ignores a $pull with a condition ({ id: { $in } }); $pullAll of the exact
    // stored values works on both databases. We hold the document's lock, so no write adds
    // events between our read and this update.
    const update: Record<string, unknown> = { $pullAll: { [OUTBOX_FIELD]: done } };
    if (emptied) update.$unset = { [OUTBOX_PENDING_FIELD]: '' };
    await collection.updateOne({ _id: id }, update as never);
    if (done.every((entry) => typeof entry === 'string')) return;
    const idOf = (entry: Stored) => (typeof entry === 'string' ? (JSON.parse(entry) as { id?: unknown }).id : entry.id);
    const after = await collection.findOne({ _id: id }, { projection: { [OUTBOX_FIELD]: 1 } });
    const remaining: Stored[] = Array.isArray(after?.[OUTBOX_FIELD]) ? (after[OUTBOX_FIELD] as Stored[]) : [];
    const doneIds = new Set(done.map(idOf));
    if (!remaining.some((e) => doneIds.has(idOf(e)))) return;
    // A value that does not survive the round trip unchanged did not match. We hold the
    // document's lock, so rewriting the array cannot lose a concurrent write.
    if (!this.warnedPullMismatch) {
      this.warnedPullMismatch = true;
      this.opts.logger.warn({ collection: collection.collectionName, id }, 'outbox entries did not match by value; removed them by id');
    }
    await collection.updateOne({ _id: id }, { $set: { [OUTBOX_FIELD]: remaining.filter((e) => !doneIds.has(idOf(e))) } });
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
