import { randomUUID } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { createClient } from 'redis';
import { createRedisKeyedLock, type KeyedLock } from '@study/keyed-lock';
import { testEnv, uniqueName } from '@study/test-infra';
import { newParticipant } from './domain/participant';
import { participantDocuments } from './data-access/participant-documents';
import { MBTI_SCORES_COLLECTION, MbtiScoresRepository } from './data-access/mbti-scores-repository';
import { PARTICIPANTS_COLLECTION, ParticipantsRepository } from './data-access/participants-repository';
import { ADMIN_ROWS_STATE_COLLECTION, AdminRows, type AdminRow } from './data-access/admin-rows/admin-rows';
import { ADMIN_ROW_STALE } from './data-access/admin-rows/stale-row';

const NOW = new Date('2026-03-24T09:15:00.000Z');
const SCORES = { wholeType: 'INTJ', pci1: 1, pci2: 2, pci3: 3, pci4: 4, dpref1: 5, dpref2: 6, dpref3: 7, dpref4: 8 };

async function all(rows: AsyncIterable<AdminRow>): Promise<AdminRow[]> {
  const out: AdminRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('the admin rows, kept current from participant writes (real FerretDB and Redis)', () => {
  const { mongoUrl, redisUrl } = testEnv();
  let mongo: MongoClient;
  let db: Db;
  let redis: ReturnType<typeof createClient>;
  let lock: KeyedLock;
  let participants: ParticipantsRepository;
  let rows: AdminRows;
  let commands: string[] = [];

  beforeAll(async () => {
    mongo = await MongoClient.connect(mongoUrl, { monitorCommands: true });
    mongo.on('commandStarted', (event) => {
      if (event.databaseName === db?.databaseName) commands.push(`${event.commandName} ${String(event.command[event.commandName])}`);
    });
    redis = createClient({ url: redisUrl });
    await redis.connect();
    lock = createRedisKeyedLock(redis, { prefix: `${uniqueName('admin_rows_lock')}:` });
  });

  beforeEach(async () => {
    db = mongo.db(uniqueName('admin_rows'));
    participants = new ParticipantsRepository(db);
    rows = new AdminRows(db, lock);
    await rows.prepare();
    commands = [];
  });

  afterEach(async () => {
    await db.dropDatabase();
  });

  afterAll(async () => {
    await redis.quit();
    await mongo.close();
  });

  const writer = () => participantDocuments({ participants, lock, nudgeOutbox: () => undefined });

  it('holds what each participant write left, in study-ID order, with the MBTI result, after the writes before the read', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const pgId of ids) await participants.insert({ ...newParticipant(pgId, NOW), consent: true, consentedAt: NOW });
    await new MbtiScoresRepository(db).collection.insertOne({ _id: ids[1]!, ...SCORES, uploadedAt: NOW });

    const first = await all(rows.current());
    expect(first.map((row) => row.participant._id)).toEqual([...ids].sort());
    const one = first.find((row) => row.participant._id === ids[1])!;
    expect(one.participant).toMatchObject({ consent: true, dataReady: false, consentedAt: NOW, createdAt: NOW, updatedAt: NOW });
    expect(one.mbti).toEqual({ ...SCORES, uploadedAt: NOW });

    // A write through the participant documents marks the row; the next read has it.
    await writer().change(ids[0]!, () => ({ write: (document) => participants.saveSurveys(document, [{ id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'ENFP', completedAt: NOW }], NOW) }));
    const second = await all(rows.current());
    expect(second.find((row) => row.participant._id === ids[0])?.participant.surveys?.typeFinder).toMatchObject({ status: 'completed', typeCode: 'ENFP', completedAt: NOW });
    expect(await db.collection(PARTICIPANTS_COLLECTION).countDocuments({ [ADMIN_ROW_STALE]: true })).toBe(0);
  });

  it('drops an erased participant (a tombstone) and their MBTI result', async () => {
    const pgId = randomUUID();
    await participants.insert(newParticipant(pgId, NOW));
    await new MbtiScoresRepository(db).collection.insertOne({ _id: pgId, ...SCORES, uploadedAt: NOW });
    expect(await all(rows.current())).toHaveLength(1);

    await writer().change(pgId, () => ({ write: (document) => participants.replaceWithTombstone(document, NOW) }));
    expect(await all(rows.current())).toEqual([]);
    expect(await rows.scoresByParticipant()).toEqual(new Map());
  });

  it('takes in any number of written participants in a few commands: one read, the MBTI results, one insert, one update per 2,000', async () => {
    const ids = Array.from({ length: 120 }, () => randomUUID());
    for (const pgId of ids) await participants.insert(newParticipant(pgId, NOW));
    commands = [];
    expect(await rows.catchUp()).toBe(120);
    expect(commands).toEqual(['find participants', 'find mbti-scores', 'insert admin-rows', 'update participants']);
    // Nothing written since: one read.
    commands = [];
    expect(await rows.catchUp()).toBe(0);
    expect(commands).toEqual(['find participants']);
  });

  it('leaves a fresh database empty at start (a backup is restored only into an empty one)', async () => {
    for (const { name } of await db.listCollections().toArray()) expect({ name, documents: await db.collection(name).countDocuments() }).toEqual({ name, documents: 0 });
  });

  it('at its first start on stored participants (or a new row format) builds every row', async () => {
    const pgId = randomUUID();
    // As stored before the rows existed: no mark.
    await db.collection(PARTICIPANTS_COLLECTION).insertOne({ _id: pgId as never, consent: true, surveys: {}, createdAt: NOW, updatedAt: NOW });
    await db.collection(ADMIN_ROWS_STATE_COLLECTION).deleteMany({});
    await rows.prepare();
    expect((await all(rows.current())).map((row) => row.participant._id)).toEqual([pgId]);
  });

  it('after an MBTI upload a crash cut short, sets the MBTI rows from the stored results again', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    for (const pgId of [a, b]) await participants.insert(newParticipant(pgId, NOW));
    await rows.catchUp();
    // The upload stored the result, then stopped before writing its rows (the marker stays).
    await expect(
      rows.whileCurrent(() =>
        rows.storingMbti([{ pgId: a, scores: SCORES }], NOW, async () => {
          await db.collection(MBTI_SCORES_COLLECTION).insertOne({ _id: a as never, ...SCORES, uploadedAt: NOW });
          throw new Error('crashed');
        }),
      ),
    ).rejects.toThrow('crashed');
    expect((await all(rows.current())).find((row) => row.participant._id === a)?.mbti).toBeUndefined();

    await rows.whileCurrent(async () => undefined);
    expect((await all(rows.current())).find((row) => row.participant._id === a)?.mbti).toEqual({ ...SCORES, uploadedAt: NOW });
    expect(await db.collection(ADMIN_ROWS_STATE_COLLECTION).countDocuments({ _id: 'mbti-upload' as never })).toBe(0);
  });

  it('keeps the newest row whatever the order of its pages, and folds many pages into few', async () => {
    const pgId = randomUUID();
    await participants.insert(newParticipant(pgId, NOW));
    const later = new Date(NOW.getTime() + 60_000);
    for (let i = 0; i < 30; i += 1) {
      await writer().change(pgId, () => ({ write: (document) => participants.setSnpFileUploaded(document, i % 2 === 0, new Date(later.getTime() + i), []) }));
      await rows.catchUp();
    }
    expect(await rows.pages.countDocuments()).toBe(30);
    const [row] = await all(rows.current());
    expect(row?.participant).toMatchObject({ snpFileUploaded: false, updatedAt: new Date(later.getTime() + 29) });
    // The read folded the 30 pages into one, and the next reads agree.
    expect(await rows.pages.countDocuments()).toBe(1);
    expect((await all(rows.current()))[0]?.participant.updatedAt).toEqual(new Date(later.getTime() + 29));
    // A page written last with an older version of the row (a pass that read before the newer write) changes nothing.
    await rows.pages.insertOne({ _id: 'zzz-written-last', rows: { [pgId]: '2:[true]' } });
    expect((await all(rows.current()))[0]?.participant.updatedAt).toEqual(new Date(later.getTime() + 29));
  });

  it('loses no participant write to a pass running beside the writes (FerretDB writes a whole document back)', async () => {
    const pgId = randomUUID();
    await participants.insert(newParticipant(pgId, NOW));
    let writing = true;
    const passes = (async () => {
      while (writing) await rows.catchUp();
    })();
    for (let i = 0; i < 40; i += 1) {
      await writer().change(pgId, () => ({ write: (document) => participants.setSnpFileUploaded(document, true, NOW, [`source-${i}`]) }));
    }
    writing = false;
    await passes;
    const stored = await db.collection(PARTICIPANTS_COLLECTION).findOne({ _id: pgId as never });
    expect(stored?.genotypeSources).toEqual(['source-39']);
    expect(stored?.adminRowVersion).toBe(41);
    expect((await all(rows.current()))[0]?.participant.genotypeSources).toEqual(['source-39']);
  });
});
