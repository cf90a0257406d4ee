import { z } from 'zod';
import { defineEvent } from '@study/contracts';
import { createEvent, eventOf, InvalidCloudEventError, parseCloudEvent } from './cloud-event';

const valid = {
  specversion: '1.0',
  id: '7f1c4c1e-8a8e-4d5b-9a53-2c1d0f1f3b11',
  type: 'participants.survey.completed.v1',
  source: '/svc-participants',
  time: '2026-01-02T03:04:05.678Z',
  subject: 'pg-123',
  correlationid: 'req-abcdef12',
  datacontenttype: 'application/json',
  data: { surveyId: 'bfi', answers: [{ q: 1, a: 3 }] },
};

describe('createEvent', () => {
  it('builds a CloudEvents 1.0 envelope with a fresh id and the current time', () => {
    const before = Date.now();
    const event = createEvent({ type: 'scoring.score.finalized.v1', source: '/svc-scoring', subject: 'pg-1', data: { score: 4 } });
    expect(event).toEqual({
      specversion: '1.0',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'scoring.score.finalized.v1',
      source: '/svc-scoring',
      time: expect.any(String),
      subject: 'pg-1',
      datacontenttype: 'application/json',
      data: { score: 4 },
    });
    expect(Date.parse(event.time)).toBeGreaterThanOrEqual(before);
    expect(event).not.toHaveProperty('correlationid');
  });

  it('gives every event its own id', () => {
    const input = { type: 'reports.report.generated.v1', source: '/svc-reports', subject: 'pg-1', data: {} };
    expect(createEvent(input).id).not.toBe(createEvent(input).id);
  });

  it('uses the given id, time and correlation id', () => {
    const event = createEvent({
      type: 'participants.participant.consented.v1',
      source: '/svc-participants',
      subject: 'pg-9',
      data: null,
      id: 'fixed-id',
      time: new Date('2026-05-06T07:08:09.000Z'),
      correlationId: 'req-12345678',
    });
    expect(event.id).toBe('fixed-id');
    expect(event.time).toBe('2026-05-06T07:08:09.000Z');
    expect(event.correlationid).toBe('req-12345678');
  });

  it('accepts hyphenated entity and verb segments', () => {
    expect(() => createEvent({ type: 'participants.open-humans.linked-up.v2', source: 's', subject: 'pg', data: 1 })).not.toThrow();
  });

  it.each([
    'participants.survey.completed',
    'Participants.survey.completed.v1',
    'participants.survey.v1',
    'participants.survey.completed.v1.extra',
    'participants.survey.completed.V1',
    'participants.survey_x.completed.v1',
    'participants.survey.completed.vx',
  ])('rejects the malformed type %s', (type) => {
    expect(() => createEvent({ type, source: '/svc', subject: 'pg-1', data: {} })).toThrow(InvalidCloudEventError);
  });

  it('rejects an empty subject or source', () => {
    expect(() => createEvent({ type: 'scoring.score.finalized.v1', source: '/svc', subject: '', data: {} })).toThrow(/subject/);
    expect(() => createEvent({ type: 'scoring.score.finalized.v1', source: '', subject: 'pg', data: {} })).toThrow(/source/);
  });

  it('produces what parseCloudEvent accepts after a JSON round trip', () => {
    const event = createEvent({ type: 'scoring.nardi.scored.v1', source: '/svc-scoring', subject: 'pg-1', data: { a: [{ b: 1 }] }, correlationId: 'r-12345678' });
    expect(parseCloudEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });
});

describe('eventOf', () => {
  const noted = defineEvent({
    type: 'scoring.note.taken.v1',
    schema: z.object({ note: z.string(), at: z.iso.datetime().transform((text) => new Date(text)) }),
    producer: 'scoring',
    consumers: ['reports'],
    summary: 'A note was taken (this test only).',
  });

  it("builds the envelope of the definition's type, the data as given", () => {
    const event = eventOf(noted, { source: '/svc-scoring', subject: 'pg-1', data: { note: 'n', at: '2026-05-06T07:08:09.000Z' }, correlationId: 'req-12345678' });
    expect(event).toMatchObject({ type: 'scoring.note.taken.v1', source: '/svc-scoring', subject: 'pg-1', correlationid: 'req-12345678', data: { note: 'n', at: '2026-05-06T07:08:09.000Z' } });
    expect(parseCloudEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it("types the data by the schema's input, as it travels", () => {
    // @ts-expect-error a Date is what a handler gets, not what a producer sends
    expect(() => eventOf(noted, { source: 's', subject: 'pg', data: { note: 'n', at: new Date() } })).not.toThrow();
    // @ts-expect-error note is required
    expect(() => eventOf(noted, { source: 's', subject: 'pg', data: { at: '2026-05-06T07:08:09.000Z' } })).not.toThrow();
  });
});

describe('parseCloudEvent', () => {
  it('returns a valid envelope unchanged', () => {
    expect(parseCloudEvent(valid)).toEqual(valid);
  });

  it('keeps other extension attributes', () => {
    expect(parseCloudEvent({ ...valid, partitionkey: 'p-1' })).toMatchObject({ partitionkey: 'p-1' });
  });

  it('keeps the trace context, and takes an unreadable traceparent as W3C says: ignored, not an invalid event', () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(parseCloudEvent({ ...valid, traceparent, tracestate: 'vendor=1' })).toMatchObject({ traceparent, tracestate: 'vendor=1' });
    expect(parseCloudEvent({ ...valid, traceparent: '00-abc' })).toMatchObject({ traceparent: '00-abc' });
  });

  it('accepts a time with an offset and no correlation id', () => {
    const { correlationid: _c, ...withoutCorrelation } = valid;
    expect(parseCloudEvent({ ...withoutCorrelation, time: '2026-01-02T03:04:05+02:00' }).time).toBe('2026-01-02T03:04:05+02:00');
  });

  it.each([
    ['specversion', { ...valid, specversion: '0.3' }],
    ['id', { ...valid, id: '' }],
    ['type', { ...valid, type: 'participants.survey.completed' }],
    ['source', { ...valid, source: '' }],
    ['time', { ...valid, time: 'yesterday' }],
    ['subject', { ...valid, subject: undefined }],
    ['correlationid', { ...valid, correlationid: '' }],
    ['datacontenttype', { ...valid, datacontenttype: 'text/plain' }],
  ])('rejects a bad %s and names it', (field, raw) => {
    expect(() => parseCloudEvent(raw)).toThrow(InvalidCloudEventError);
    expect(() => parseCloudEvent(raw)).toThrow(field);
  });

  it('rejects an envelope without data', () => {
    const { data: _d, ...withoutData } = valid;
    expect(() => parseCloudEvent(withoutData)).toThrow(/data/);
  });

  it.each([null, undefined, 'a string', 42, [], [valid]])('rejects %p', (raw) => {
    expect(() => parseCloudEvent(raw)).toThrow(InvalidCloudEventError);
  });

  it('lists every issue', () => {
    try {
      parseCloudEvent({ ...valid, id: '', type: 'nope' });
      throw new Error('expected a failure');
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidCloudEventError);
      expect((err as InvalidCloudEventError).issues).toHaveLength(2);
    }
  });
});
