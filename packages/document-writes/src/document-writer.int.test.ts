import { MongoClient, type Collection, type Db } from 'mongodb';
import { createClient } from 'redis';
import { createEvent, outboxEvents, type CloudEvent, type OutboxEntry } from '@study/event-bus';
import { createRedisKeyedLock, type KeyedLock } from '@study/keyed-lock';
import { testEnv, uniqueName } from '@study/test-infra';
import { createDocumentWriter, documentLockKey, type DocumentWriter } from './document-writer';

interface CounterDocument {
  _id: string;
  /** Read, incremented and written back by every change: a change that lost the race would undo another. */
  count?: number;
  label?: string;
  outbox?: OutboxEntry[];
  outboxPending?: true;
}

const COLLECTION = 'counters';
const counted = (n: number) => createEvent({ type: 'counters.counter.counted.v1', source: 'svc-counters', subject: 'doc-1', data: { n } });

describe('createDocumentWriter (real FerretDB and Redis)', () => {
  const { mongoUrl, redisUrl } = testEnv();
  let mongo: MongoClient;
  let db: Db;
  let collection: Collection<CounterDocument>;
  // Two Redis clients, each with its own lock, stand in for two service instances.
  let redisA: ReturnType<typeof createClient>;
  let redisB: ReturnType<typeof createClient>;
  let lockA: KeyedLock;
  let lockB: KeyedLock;
  let nudged: string[];

  beforeAll(async () => {
    mongo = await MongoClient.connect(mongoUrl);
    db = mongo.db(uniqueName('docwrites'));
    collection = db.collection<CounterDocument>(COLLECTION);
    redisA = createClient({ url: redisUrl });
    redisB = createClient({ url: redisUrl });
    await Promise.all([redisA.connect(), redisB.connect()]);
    const prefix = `${uniqueName('docwrites_lock')}:`;
    lockA = createRedisKeyedLock(redisA, { prefix });
    lockB = createRedisKeyedLock(redisB, { prefix });
  });

  beforeEach(() => {
    nudged = [];
  });

  afterAll(async () => {
    await db.dropDatabase();
    await mongo.close();
    await Promise.all([redisA.close(), redisB.close()]);
  });

  function writerWith(lock: KeyedLock): DocumentWriter<CounterDocument, CounterDocument | null> {
    return createDocumentWriter<CounterDocument>({
      collectionName: COLLECTION,
      collection,
      lock,
      nudgeOutbox: (_collection, id) => nudged.push(id),
      isErased: () => false,
    });
  }

  /** What the outbox relay does after publishing: remove the events it published, under the document's lock. */
  async function relayPass(lock: KeyedLock, id: string, published: CloudEvent[]): Promise<void> {
    await lock.run(documentLockKey(COLLECTION, id), async () => {
      const doc = await collection.findOne({ _id: id });
      const events = doc?.outbox ?? [];
      if (events.length === 0) return;
      published.push(...outboxEvents(events));
      // As the relay does: FerretDB ignores a $pull with a condition; $pullAll of the values as read works.
      await collection.updateOne({ _id: id }, { $pullAll: { outbox: events } });
    });
  }

  it('lands every one of many concurrent changes of one document from two instances, with all their events, while the relay removes published ones', async () => {
    const id = uniqueName('doc');
    const writers = [writerWith(lockA), writerWith(lockB)];
    const published: CloudEvent[] = [];
    const changes = Array.from({ length: 20 }, (_, n) =>
      writers[n % 2]!.change(id, (doc) => ({
        events: [counted(n)],
        write: (document) => document.update({ $set: { count: (doc?.count ?? 0) + 1 } }, { upsert: true }),
      })),
    );
    const relay = (async () => {
      for (let pass = 0; pass < 10; pass++) await relayPass(pass % 2 === 0 ? lockA : lockB, id, published);
    })();

    expect(await Promise.all(changes)).toEqual(Array.from({ length: 20 }, () => 'stored'));
    await relay;

    const stored = await collection.findOne({ _id: id });
    expect(stored?.count).toBe(20);
    // Each event is either published (removed by the relay) or still waiting: none lost, none twice.
    const seen = [...published, ...outboxEvents(stored?.outbox)].map((event) => (event.data as { n: number }).n).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(stored?.outboxPending).toBe(true);
    expect(nudged).toEqual(Array.from({ length: 20 }, () => id));
  });

  it('inserts a document with its events and replaces it whole, on the real database', async () => {
    const id = uniqueName('doc');
    const writer = writerWith(lockA);
    await expect(writer.change(id, () => ({ events: [counted(1)], write: (document) => document.insert({ label: 'new' }) }))).resolves.toBe('stored');
    const inserted = await collection.findOne({ _id: id });
    expect(inserted).toMatchObject({ _id: id, label: 'new', outboxPending: true });
    expect(outboxEvents(inserted?.outbox)).toEqual([expect.objectContaining({ data: { n: 1 } })]);

    let seenByDecide: CounterDocument | null = null;
    await writer.change(id, (doc) => {
      seenByDecide = doc;
      return { events: [counted(2)], write: (document) => document.replace({ label: 'replaced' }) };
    });
    // Decide sees the document without its outbox.
    expect(seenByDecide).toEqual({ _id: id, label: 'new', outboxPending: true });
    const replaced = await collection.findOne({ _id: id });
    expect(replaced).toMatchObject({ _id: id, label: 'replaced' });
    expect(outboxEvents(replaced?.outbox)).toEqual([expect.objectContaining({ data: { n: 2 } })]);
    expect(replaced?.count).toBeUndefined();
  });
});
