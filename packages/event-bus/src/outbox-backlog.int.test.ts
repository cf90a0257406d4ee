import { MongoClient, type CommandStartedEvent, type Db } from 'mongodb';
import { testEnv, uniqueName } from '@study/test-infra';
import { createEvent } from './cloud-event';
import { outboxFields } from './outbox';
import { OUTBOX_BACKLOG_COMMENT, OUTBOX_BACKLOG_READ_LIMIT, readOutboxBacklog } from './outbox-backlog';

const { mongoUrl } = testEnv();
const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';

const eventAt = (time: Date) => createEvent({ type: 'participants.survey.completed.v1', source: '/svc-participants', subject: PG_ID, time, data: { surveyId: 'nardi' } });

describe('readOutboxBacklog (real FerretDB)', () => {
  let mongo: MongoClient;
  let db: Db;
  const commands: CommandStartedEvent[] = [];

  beforeAll(async () => {
    mongo = await MongoClient.connect(mongoUrl, { monitorCommands: true });
    mongo.on('commandStarted', (event) => commands.push(event));
    db = mongo.db(uniqueName('evbus_backlog_db'));
  });

  afterAll(async () => {
    await db?.dropDatabase();
    await mongo?.close();
  });

  it('counts the documents with pending events and ages the oldest first event, in one marked query per collection', async () => {
    const now = new Date('2026-05-01T12:00:00.000Z');
    const participants = db.collection('participants');
    const reports = db.collection('reports');
    await participants.insertMany([
      // The first event of an outbox is its oldest: the later one behind it is not read.
      { _id: 'a' as never, ...outboxFields(eventAt(new Date(now.getTime() - 90_000)), eventAt(new Date(now.getTime() - 1_000))) },
      { _id: 'b' as never, ...outboxFields(eventAt(new Date(now.getTime() - 30_000))) },
      { _id: 'c' as never, ...outboxFields() },
    ]);
    commands.length = 0;
    const backlog = await readOutboxBacklog([participants, reports], now);
    expect(backlog).toEqual([
      { collection: 'participants', documents: 2, oldestEventAgeSeconds: 90 },
      { collection: 'reports', documents: 0, oldestEventAgeSeconds: 0 },
    ]);
    expect(commands.map((c) => [c.commandName, c.command.comment])).toEqual([
      ['find', OUTBOX_BACKLOG_COMMENT],
      ['find', OUTBOX_BACKLOG_COMMENT],
    ]);
  });

  it('counts a backlog larger than it reads with a second query', async () => {
    const now = new Date();
    const many = db.collection('many');
    await many.insertMany(Array.from({ length: OUTBOX_BACKLOG_READ_LIMIT + 3 }, (_, i) => ({ _id: `d${i}` as never, ...outboxFields(eventAt(new Date(now.getTime() - 5_000))) })));
    commands.length = 0;
    const [backlog] = await readOutboxBacklog([many], now);
    expect(backlog).toEqual({ collection: 'many', documents: OUTBOX_BACKLOG_READ_LIMIT + 3, oldestEventAgeSeconds: 5 });
    expect(commands.map((c) => c.commandName)).toEqual(['find', 'aggregate']);
    expect(commands.every((c) => c.command.comment === OUTBOX_BACKLOG_COMMENT)).toBe(true);
  });
});
