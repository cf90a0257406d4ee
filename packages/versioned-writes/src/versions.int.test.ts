import { MongoClient, type Collection, type Db } from 'mongodb';
import { testEnv, uniqueName } from '@study/test-infra';
import { FINAL_VERSION, replacedVersionsFilter, replacesVersion } from './versions';

interface Versioned {
  _id: string;
  version?: number | null;
}

describe('replacedVersionsFilter on the real database (FerretDB)', () => {
  const { mongoUrl } = testEnv();
  let mongo: MongoClient;
  let db: Db;
  let records: Collection<Versioned>;
  const stored: Versioned[] = [
    { _id: 'none' },
    { _id: 'null', version: null },
    { _id: 'v0', version: 0 },
    { _id: 'v1', version: 1 },
    { _id: 'v2', version: 2 },
    { _id: 'v3', version: 3 },
    { _id: 'final', version: FINAL_VERSION },
  ];

  beforeAll(async () => {
    mongo = await MongoClient.connect(mongoUrl);
    db = mongo.db(uniqueName('versions'));
    records = db.collection<Versioned>('records');
    await records.insertMany(stored);
  });

  afterAll(async () => {
    await db.dropDatabase();
    await mongo.close();
  });

  it.each([1, 2, 3, 4])('matches exactly the records whose version %s replaces', async (incoming) => {
    const matched = (await records.find(replacedVersionsFilter('version', incoming)).toArray()).map((record) => record._id).sort();
    const replaced = stored.filter((record) => replacesVersion(incoming, record.version)).map((record) => record._id).sort();
    expect(matched).toEqual(replaced);
  });
});
