import request from 'supertest';
import { errorBodySchema, EventTypes, userViewSchema } from '@study/contracts';
import { createEvent, outboxLockKey, withOutbox } from '@study/event-bus';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor } from '@study/service-kit/testing';
import { start, type RunningParticipants } from './app';
import { loadParticipantsConfig } from './config';
import { participantsTestEnv } from './test-support/participants-test-config';
import { PARTICIPANTS_COLLECTION, ParticipantsRepository } from './data-access/participants-repository';
import { newParticipant } from './domain/participant';

const KNOWN = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const UNKNOWN = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

describe('svc-participants', () => {
  const testEnv = serviceTestEnv('participants');
  // Open Humans is never called here (consent.int.test.ts covers it); the builder's address only has to be valid.
  const env = participantsTestEnv(testEnv.env);
  const config = loadParticipantsConfig(env);
  const { logger, lines } = memoryLogger('debug', 'svc-participants');
  let svc: RunningParticipants;
  let participants: ParticipantsRepository;

  beforeAll(async () => {
    svc = await start(config, { logger });
    participants = new ParticipantsRepository(svc.ctx.db);
    await participants.insert(newParticipant(KNOWN));
  });

  afterAll(async () => {
    await svc?.stop();
    await testEnv.cleanup();
  });

  const storedIds = async () => (await svc.ctx.db.collection(PARTICIPANTS_COLLECTION).find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);

  it('is alive and ready once Mongo, RabbitMQ and Redis answer', async () => {
    expect((await request(svc.url).get('/healthz').expect(200)).body).toEqual({ status: 'ok', service: 'svc-participants' });
    expect((await request(svc.url).get('/readyz').expect(200)).body).toEqual({ status: 'ready', checks: { mongo: 'ok', amqp: 'ok', redis: 'ok' } });
  });

  describe('POST /api/user', () => {
    it("answers a stored participant's view with default survey states", async () => {
      const res = await request(svc.url).post('/api/user').send({ pgId: KNOWN }).expect(200).expect('content-type', /json/);
      expect(userViewSchema.parse(res.body)).toEqual({
        access: { pgId: KNOWN, consent: false, dataReady: false, snpFileUploaded: false },
        selfAssessment: { id: 'selfAssessment', status: 'pending', index: 0, answers: [] },
        nardi: { id: 'nardi', status: 'pending', index: 0, answers: [] },
        mbti: { id: 'mbti', status: 'pending', index: 0, answers: [] },
        typeFinder: { id: 'typeFinder', status: 'pending', index: 0, answers: [] },
        finalScore: null,
        finalReport: null,
        consentRenewal: null,
      });
    });

    it('finds the participant whatever the letter case of the study ID', async () => {
      const res = await request(svc.url).post('/api/user').send({ pgId: KNOWN.toUpperCase() }).expect(200);
      expect(res.body.access.pgId).toBe(KNOWN);
    });

    it('answers 404 PARTICIPANT_NOT_FOUND for an unknown study ID', async () => {
      const res = await request(svc.url).post('/api/user').set('x-request-id', 'test-unknown-0001').send({ pgId: UNKNOWN }).expect(404);
      expect(res.body).toMatchObject({ error: 'No participant with this study ID.', code: 'PARTICIPANT_NOT_FOUND', requestId: 'test-unknown-0001' });
      expect(res.headers['x-request-id']).toBe('test-unknown-0001');
    });

    const bad: [string, string, string, number, string][] = [
      ['malformed JSON', 'application/json', '{"pgId": "', 400, 'MALFORMED_JSON'],
      ['a number for pgId', 'application/json', JSON.stringify({ pgId: 42 }), 400, 'VALIDATION_FAILED'],
      ['an array body', 'application/json', JSON.stringify([UNKNOWN]), 400, 'VALIDATION_FAILED'],
      ['a missing pgId', 'application/json', '{}', 400, 'VALIDATION_FAILED'],
      ['an extra field', 'application/json', JSON.stringify({ pgId: UNKNOWN, admin: true }), 400, 'VALIDATION_FAILED'],
      ['an oversized body', 'application/json', JSON.stringify({ pgId: UNKNOWN, pad: 'x'.repeat(200_000) }), 413, 'BODY_TOO_LARGE'],
      ['a pgId that is not a v4 UUID', 'application/json', JSON.stringify({ pgId: '6f1c2a9e-3b4d-1c5e-9f60-718293a4b5c6' }), 400, 'VALIDATION_FAILED'],
      ['an operator instead of a pgId', 'application/json', JSON.stringify({ pgId: { $gt: '' } }), 400, 'FORBIDDEN_KEY'],
      ['a form-encoded body', 'application/x-www-form-urlencoded', `pgId=${UNKNOWN}`, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['a text body', 'text/plain', UNKNOWN, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];

    it.each(bad)('refuses %s with a JSON %d and stores nothing', async (_name, type, body, status, code) => {
      const before = await storedIds();
      const res = await request(svc.url).post('/api/user').set('content-type', type).send(body);
      expect(res.status).toBe(status);
      expect(errorBodySchema.parse(res.body).code).toBe(code);
      expect(await storedIds()).toEqual(before);
    });

    it('logs each request with its route, status and request id', async () => {
      await request(svc.url).post('/api/user').set('x-request-id', 'test-logged-0001').send({ pgId: KNOWN }).expect(200);
      const line = await waitFor(() => lines().find((l) => l.requestId === 'test-logged-0001' && l.msg === 'request completed'), 'the request log line');
      expect(line).toMatchObject({ service: 'svc-participants', method: 'POST', route: '/api/user', status: 200 });
    });
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await request(svc.url).get('/api/nowhere').expect(404);
    expect(errorBodySchema.parse(res.body).code).toBe('NOT_FOUND');
  });

  it('consumes scoring events from its queue; one it does not handle is acked and logged at debug', async () => {
    const event = createEvent({ type: 'scoring.score.noted.v1', source: 'svc-scoring', subject: KNOWN, data: {} });
    await svc.ctx.broker.publish(event);
    const line = await waitFor(() => lines().find((l) => l.msg === 'event not handled here' && l.eventId === event.id), 'the event acknowledged');
    expect(line).toMatchObject({ level: 'debug', eventType: 'scoring.score.noted.v1' });
    // Doing nothing needs no record of having done it.
    expect(await svc.ctx.db.collection('inbox').findOne({ _id: event.id as never })).toBeNull();
  });

  it('publishes events stored in a participant document through the outbox relay', async () => {
    const probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, 'participants.#');
    try {
      const event = createEvent({ type: EventTypes.participantConsented, source: 'svc-participants', subject: KNOWN, data: { pgId: KNOWN } });
      await svc.ctx.lock.run(outboxLockKey(PARTICIPANTS_COLLECTION, KNOWN), () =>
        participants.collection.updateOne({ _id: KNOWN }, withOutbox({ $set: { consent: true } }, event)),
      );
      svc.ctx.nudgeOutbox();
      expect(await probe.next()).toMatchObject({ id: event.id, type: EventTypes.participantConsented, subject: KNOWN });
      await waitFor(async () => (await participants.collection.findOne({ _id: KNOWN }))?.outbox?.length === 0, 'the outbox to empty');
    } finally {
      await probe.close();
    }
  });

  it('stops cleanly: no more requests, connections closed, a second stop is harmless', async () => {
    const other = await start(loadParticipantsConfig({ ...env, LOG_LEVEL: 'silent' }));
    await request(other.url).get('/healthz').expect(200);
    await other.stop();
    expect(other.server.listening).toBe(false);
    expect(other.ctx.broker.isConnected()).toBe(false);
    expect(other.ctx.redis.isOpen).toBe(false);
    await expect(other.ctx.mongo.ping()).rejects.toThrow();
    await expect(request(other.url).get('/healthz')).rejects.toThrow();
    await expect(other.stop()).resolves.toBeUndefined();
  });
});
