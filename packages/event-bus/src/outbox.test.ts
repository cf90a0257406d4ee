import { createEvent } from './cloud-event';
import { assertStorable, outboxEntry, outboxEvents, outboxFields, outboxLockKey, PENDING_OUTBOX_FILTER, withOutbox } from './outbox';

interface Participant {
  _id: string;
  status: string;
  tags: string[];
  outbox?: unknown[];
}

const event = (n: number, data: unknown = { n }) =>
  createEvent({ type: 'participants.survey.completed.v1', source: '/svc-participants', subject: 'pg-1', data, id: `e${n}` });

describe('withOutbox', () => {
  it('adds the events to the outbox with $push/$each and flags the document pending, keeping the state change', () => {
    const e1 = event(1);
    const e2 = event(2);
    expect(withOutbox<Participant>({ $set: { status: 'done' } }, e1, e2)).toEqual({
      $set: { status: 'done', outboxPending: true },
      $push: { outbox: { $each: [outboxEntry(e1), outboxEntry(e2)] } },
    });
  });

  it('merges with an existing $push on other fields', () => {
    const e1 = event(1);
    expect(withOutbox<Participant>({ $push: { tags: 'x' }, $set: { status: 's' } }, e1)).toEqual({
      $set: { status: 's', outboxPending: true },
      $push: { tags: 'x', outbox: { $each: [outboxEntry(e1)] } },
    });
  });

  it('does not modify the update it was given', () => {
    const update = { $set: { status: 'done' } };
    withOutbox<Participant>(update, event(1));
    expect(update).toEqual({ $set: { status: 'done' } });
  });

  it('returns the update as is when there are no events', () => {
    const update = { $set: { status: 'done' } };
    expect(withOutbox<Participant>(update)).toBe(update);
  });

  it('refuses an update that already writes the outbox', () => {
    expect(() => withOutbox<Participant>({ $push: { outbox: 'x' } }, event(1))).toThrow(/outbox/);
    expect(() => withOutbox<Participant>({ $set: { outbox: [] } }, event(1))).toThrow(/reserved/);
    expect(() => withOutbox<Participant>({ $unset: { outboxPending: '' } } as never, event(1))).toThrow(/reserved/);
  });

  it('refuses an aggregation pipeline', () => {
    expect(() => withOutbox<Participant>([{ $set: { status: 'x' } }] as never, event(1))).toThrow(/pipeline/);
  });

  it('refuses an invalid event', () => {
    expect(() => withOutbox<Participant>({ $set: { status: 'x' } }, { ...event(1), type: 'bad' })).toThrow(/type/);
  });

  it('accepts data with arrays of objects', () => {
    expect(() => withOutbox<Participant>({ $set: { status: 'x' } }, event(1, { answers: [{ q: 1, tags: ['a'] }] }))).not.toThrow();
  });

  it('refuses data the database cannot store, naming the event', () => {
    expect(() => withOutbox<Participant>({ $set: { status: 'x' } }, event(7, { grid: [[1, 2]] }))).toThrow(/event e7 data\.grid\[0\]/);
    expect(() => withOutbox<Participant>({ $set: { status: 'x' } }, event(8, { 'a.b': 1 }))).toThrow(/"a\.b"/);
  });
});

describe('assertStorable', () => {
  it('allows scalars, dates, plain objects and arrays of objects', () => {
    expect(() => assertStorable({ a: 1, b: 'x', c: null, d: new Date(), e: [{ f: [1, 2] }], g: { h: true } }, 'v')).not.toThrow();
  });

  it.each([
    [{ a: [[1]] }, /v\.a\[0\] is an array inside an array/],
    [{ a: [{ b: [[1]] }] }, /v\.a\[0\]\.b\[0\]/],
    [{ $set: 1 }, /"\$set"/],
    [{ a: { 'x.y': 1 } }, /v\.a has the key "x\.y"/],
  ])('rejects %p', (value, message) => {
    expect(() => assertStorable(value, 'v')).toThrow(message);
  });
});

describe('outbox helpers', () => {
  it('locks a document by collection and id', () => {
    expect(outboxLockKey('participants', 'pg-1')).toBe('participants:pg-1');
    expect(outboxLockKey('participants', { toString: () => '65f0c0ffee' })).toBe('participants:65f0c0ffee');
  });

  it('finds pending documents by an equality on the indexed flag', () => {
    expect(PENDING_OUTBOX_FILTER).toEqual({ outboxPending: true });
  });

  it('gives an inserted document its events and the pending flag, checked like withOutbox', () => {
    const e1 = event(1);
    expect(outboxFields(e1)).toEqual({ outbox: [outboxEntry(e1)], outboxPending: true });
    expect(outboxEvents(outboxFields(e1).outbox)).toEqual([e1]);
    expect(outboxFields()).toEqual({ outbox: [] });
    expect(() => outboxFields(event(7, { grid: [[1]] }))).toThrow(/event e7 data/);
  });
});
