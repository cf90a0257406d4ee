import { MongoClient, type Db } from 'mongodb';
import { createEvent, outboxFields } from '@study/event-bus';
import { testEnv, uniqueName } from '@study/test-infra';
import { metricValue } from './metric-value';
import { countDatabaseCommands, createServiceMetrics, outboxMetrics } from './metrics';

const { mongoUrl } = testEnv();
const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';

describe('the outbox gauges (real FerretDB)', () => {
  let mongo: MongoClient;
  let db: Db;

  beforeAll(async () => {
    mongo = await MongoClient.connect(mongoUrl, { monitorCommands: true });
    db = mongo.db(uniqueName('kit_outbox_metrics'));
  });

  afterAll(async () => {
    await db?.dropDatabase();
    await mongo?.close();
  });

  it('read a pending event when scraped, and the scrape adds nothing to study_db_commands_total', async () => {
    const metrics = createServiceMetrics('svc-kit');
    countDatabaseCommands(mongo, metrics);
    const now = new Date('2026-05-01T12:00:00.000Z');
    const participants = db.collection('participants');
    outboxMetrics(metrics, [participants], () => now);

    let text = await metrics.registry.metrics();
    expect(metricValue(text, 'study_outbox_pending_documents', { collection: 'participants', service: 'svc-kit' })).toBe(0);
    expect(metricValue(text, 'study_outbox_oldest_event_age_seconds', { collection: 'participants' })).toBe(0);

    const event = createEvent({ type: 'participants.survey.completed.v1', source: '/svc-participants', subject: PG_ID, time: new Date(now.getTime() - 42_000), data: {} });
    await participants.insertOne({ _id: PG_ID as never, ...outboxFields(event) });
    // Read alone, these counters make no database read of their own.
    const counted = async (name: string, labels: Record<string, string> = {}) => metricValue(await metrics.registry.getSingleMetricAsString(name), name, labels);
    const actionCommands = await counted('study_db_commands_total');

    text = await metrics.registry.metrics();
    expect(metricValue(text, 'study_outbox_pending_documents', { collection: 'participants' })).toBe(1);
    expect(metricValue(text, 'study_outbox_oldest_event_age_seconds', { collection: 'participants' })).toBe(42);
    // Two scrapes of two gauges: one read each, counted apart from the service's own commands.
    expect(await counted('study_db_commands_total')).toBe(actionCommands);
    expect(await counted('study_metrics_db_commands_total', { command: 'find', collection: 'participants' })).toBe(2);
  });
});
