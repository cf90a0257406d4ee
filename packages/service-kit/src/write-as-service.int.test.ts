import { MongoClient, type Db } from 'mongodb';
import { outboxLockKey } from '@study/event-bus';
import { testEnv, uniqueName } from '@study/test-infra';
import { serviceDocumentsOf, writeAsService, type ServiceDocuments } from './write-as-service';

interface Doc {
  _id: string;
  outbox?: unknown[];
  outboxPending?: boolean;
  at?: string;
}

const COLLECTION = 'participants';

describe('writeAsService: a test writes a running service’s document as the service would (real FerretDB and Redis)', () => {
  const { mongoUrl, redisUrl } = testEnv();
  let mongo: MongoClient;
  let db: Db;
  let service: ServiceDocuments & { close(): Promise<void> };
  const docs = () => db.collection<Doc>(COLLECTION);

  beforeAll(async () => {
    mongo = await MongoClient.connect(mongoUrl);
    db = mongo.db(uniqueName('write_as_service'));
    service = await serviceDocumentsOf(redisUrl, db);
  });

  afterAll(async () => {
    await db?.dropDatabase();
    await mongo?.close();
    await service?.close();
  });

  it('waits until the document’s pending events are published, then writes', async () => {
    await docs().insertOne({ _id: 'p1', outbox: [{ id: 'e1' }], outboxPending: true });
    const steps: string[] = [];
    const written = writeAsService<void, Doc>(service, COLLECTION, 'p1', async (collection) => {
      steps.push(`written, outbox ${(await collection.findOne({ _id: 'p1' }))?.outbox?.length}`);
      await collection.updateOne({ _id: 'p1' }, { $set: { at: 'then' } });
    });
    // The relay publishes and removes the event, under the document's lock.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await service.lock.run(outboxLockKey(COLLECTION, 'p1'), async () => {
      steps.push('relay removed the event');
      await docs().updateOne({ _id: 'p1' }, { $set: { outbox: [] }, $unset: { outboxPending: '' } });
    });
    await written;
    expect(steps).toEqual(['relay removed the event', 'written, outbox 0']);
    expect(await docs().findOne({ _id: 'p1' })).toEqual({ _id: 'p1', outbox: [], at: 'then' });
  });

  it('writes under the document’s lock: a write the service holds the lock for ends first', async () => {
    await docs().insertOne({ _id: 'p2', outbox: [] });
    const steps: string[] = [];
    let written: Promise<void> | undefined;
    await service.lock.run(outboxLockKey(COLLECTION, 'p2'), async () => {
      written = writeAsService<void, Doc>(service, COLLECTION, 'p2', async (collection) => {
        steps.push('test wrote');
        await collection.updateOne({ _id: 'p2' }, { $set: { at: 'test' } });
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      steps.push('service wrote');
      await docs().updateOne({ _id: 'p2' }, { $set: { at: 'service' } });
    });
    await written;
    expect(steps).toEqual(['service wrote', 'test wrote']);
    expect((await docs().findOne({ _id: 'p2' }))?.at).toBe('test');
  });

  it('says which document still holds events when they are never published', async () => {
    await docs().insertOne({ _id: 'p3', outbox: [{ id: 'e3' }], outboxPending: true });
    const write = jest.fn(async () => undefined);
    await expect(writeAsService(service, COLLECTION, 'p3', write, { timeoutMs: 300 })).rejects.toThrow(/participants p3 still holds unpublished events/);
    expect(write).not.toHaveBeenCalled();
  });
});
