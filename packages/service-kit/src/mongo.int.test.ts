import { testEnv, uniqueName } from '@study/test-infra';
import { baseServiceConfig, loadConfig } from './config';
import { connectMongo, type MongoConnection } from './mongo';

// FerretDB 1.24 holds a PostgreSQL connection while it reads the document an update matches and
// takes a second to write it; when every connection of its pool (20 on the embedded stack) is
// held by such a first step, none gets its second and the database hangs for good. A service
// keeps its commands in flight under MONGO_MAX_POOL_SIZE, so a burst of updates waits in the
// driver's queue instead. With maxPoolSize 100 this test hangs on FerretDB (tried).
describe('a burst of updates from one instance (real FerretDB)', () => {
  const { mongoUrl } = testEnv();
  let mongo: MongoConnection;

  beforeAll(async () => {
    const config = loadConfig(baseServiceConfig({ port: 0, mongoDb: 'burst', queue: 'burst' }), { MONGO_URL: mongoUrl, AMQP_URL: 'amqp://127.0.0.1', REDIS_URL: 'redis://127.0.0.1', LOG_FINGERPRINT_KEY: 'log-fingerprint-key-for-tests' });
    expect(config.MONGO_MAX_POOL_SIZE).toBe(4);
    mongo = await connectMongo(mongoUrl, uniqueName('burst'), { maxPoolSize: config.MONGO_MAX_POOL_SIZE });
  });

  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  it('completes 400 concurrent single-document updates of documents of 120 fields, each of another document', async () => {
    const docs = mongo.db.collection<{ _id: string; n: number }>('docs');
    const ids = Array.from({ length: 400 }, (_, i) => `doc-${i}`);
    await docs.insertMany(ids.map((_id) => ({ _id, n: 0, ...Object.fromEntries(Array.from({ length: 60 }, (_, k) => [`f${k}`, { a: k, b: 'x'.repeat(20) }])) })));
    // Reads first, so the driver's connections are open when the burst starts.
    await Promise.all(Array.from({ length: 40 }, () => docs.findOne({ _id: 'doc-1' })));
    const results = await Promise.all(ids.map((_id) => docs.updateOne({ _id }, { $inc: { n: 1 } })));
    expect(results.every((result) => result.modifiedCount === 1)).toBe(true);
    expect(await docs.countDocuments({ n: 1 })).toBe(400);
  });
});
