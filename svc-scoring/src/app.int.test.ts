import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { errorBodySchema, EventTypes } from '@study/contracts';
import { createEvent } from '@study/event-bus';
import { memoryLogger, serviceTestEnv, waitFor, loggedParticipant } from '@study/service-kit/testing';
import { start, type RunningScoring } from './app';
import { loadScoringConfig } from './config';
import { PERSONAL_DATA_COLLECTIONS } from './data-access/personal-data';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

/** A participants event type scoring has no handler for (one added later, say). */
const UNHANDLED_TYPE = 'participants.participant.noted.v1';

describe('svc-scoring', () => {
  const testEnv = serviceTestEnv('scoring');
  const config = loadScoringConfig(testEnv.env);
  const { logger, lines } = memoryLogger('debug', 'svc-scoring');
  let svc: RunningScoring;

  beforeAll(async () => {
    svc = await start(config, { logger });
  });

  afterAll(async () => {
    await svc?.stop();
    await testEnv.cleanup();
  });

  it('is alive and ready once Mongo, RabbitMQ and Redis answer', async () => {
    expect((await request(svc.url).get('/healthz').expect(200)).body).toEqual({ status: 'ok', service: 'svc-scoring' });
    expect((await request(svc.url).get('/readyz').expect(200)).body).toEqual({ status: 'ready', checks: { mongo: 'ok', amqp: 'ok', redis: 'ok' } });
  });

  it.each([
    ['GET', '/api/anything'],
    ['GET', '/api/user/nardi'],
    ['POST', '/api/user'],
  ])('answers %s %s, which it does not serve, with a JSON 404', async (method, path) => {
    const res = await (method === 'GET' ? request(svc.url).get(path) : request(svc.url).post(path).send({ pgId: PG_ID })).expect(404);
    expect(errorBodySchema.parse(res.body).code).toBe('NOT_FOUND');
  });

  it('consumes participant events from its queue; one it does not handle is acked and logged at debug', async () => {
    const event = createEvent({ type: UNHANDLED_TYPE, source: 'svc-participants', subject: PG_ID, data: {} });
    await svc.ctx.broker.publish(event);
    const line = await waitFor(() => lines().find((l) => l.msg === 'event not handled here' && l.eventId === event.id), 'the event acknowledged');
    expect(line).toMatchObject({ level: 'debug', eventType: UNHANDLED_TYPE });
    // Doing nothing needs no record of having done it.
    expect(await svc.ctx.db.collection('inbox').findOne({ _id: event.id as never })).toBeNull();
  });

  it('is not bound to its own events', async () => {
    const event = createEvent({ type: EventTypes.scoreFinalized, source: 'svc-scoring', subject: PG_ID, data: { typeCode: 'INTJ' } });
    // A consent of somebody else: handled, so it leaves an inbox entry.
    const marker = createEvent({ type: EventTypes.participantConsented, source: 'svc-participants', subject: randomUUID(), data: { snpFileUploaded: false, reauthorized: false } });
    await svc.ctx.broker.publish(event);
    await svc.ctx.broker.publish(marker);
    // The queue is FIFO: once the later participant event is handled, the scoring one would have been too.
    await waitFor(() => svc.ctx.db.collection('inbox').findOne({ _id: marker.id as never }), 'the marker event in the inbox');
    expect(await svc.ctx.db.collection('inbox').findOne({ _id: event.id as never })).toBeNull();
  });

  it('deletes everything it holds for a participant on participants.participant.erased.v1, and only theirs', async () => {
    for (const { collection, pgIdField } of PERSONAL_DATA_COLLECTIONS) {
      await svc.ctx.db.collection(collection).insertMany([{ [pgIdField]: PG_ID, note: 'to erase' }, { [pgIdField]: OTHER, note: 'to keep' }] as never[]);
    }
    const event = createEvent({ type: EventTypes.participantErased, source: 'svc-participants', subject: PG_ID.toUpperCase(), data: { erasedAt: new Date().toISOString() } });
    await svc.ctx.broker.publish(event);
    await waitFor(() => svc.ctx.db.collection('inbox').findOne({ _id: event.id as never }), 'the erased event in the inbox');
    for (const { collection, pgIdField } of PERSONAL_DATA_COLLECTIONS) {
      expect(await svc.ctx.db.collection(collection).countDocuments({ [pgIdField]: PG_ID })).toBe(0);
      expect(await svc.ctx.db.collection(collection).countDocuments({ [pgIdField]: OTHER })).toBe(1);
    }
    expect(lines().find((l) => l.msg === 'participant data erased' && l.participant === loggedParticipant(PG_ID))).toMatchObject({ deleted: PERSONAL_DATA_COLLECTIONS.length });
  });

  it('stops cleanly', async () => {
    const other = await start(loadScoringConfig(testEnv.env));
    await other.stop();
    expect(other.server.listening).toBe(false);
    expect(other.ctx.broker.isConnected()).toBe(false);
    expect(other.ctx.redis.isOpen).toBe(false);
    await expect(other.ctx.mongo.ping()).rejects.toThrow();
  });
});
