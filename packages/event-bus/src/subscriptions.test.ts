import { z } from 'zod';
import { defineEvent } from '@study/contracts';
import { createEvent, type CloudEvent } from './cloud-event';
import { dispatchTo, on } from './subscriptions';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const counted = defineEvent({
  type: 'scoring.count.counted.v1',
  schema: z.object({ n: z.number().int(), at: z.iso.datetime().transform((text) => new Date(text)) }),
  producer: 'scoring',
  consumers: ['reports'],
  summary: 'A count was taken (this test only).',
});
const reset = defineEvent({ type: 'scoring.count.reset.v1', schema: z.object({}), producer: 'scoring', consumers: ['reports'], summary: 'The count was reset (this test only).' });
const ctx = { attempt: 1 };
const countedEvent = (data: unknown): CloudEvent => createEvent({ type: counted.type, source: 'svc-scoring', subject: PG_ID, data });

describe('on', () => {
  it("hands the handler the data its definition's schema parsed, the envelope carrying it, and the delivery", async () => {
    const seen: unknown[] = [];
    const subscription = on(counted, async (data, event, delivery) => {
      // Typed by the schema's output: `at` is a Date.
      seen.push([data.n, data.at.toISOString(), event.id, event.data === data, delivery.attempt]);
    });
    const event = countedEvent({ n: 3, at: '2026-01-02T03:04:05.000Z' });
    await subscription.handle(event, { attempt: 2 });
    expect(subscription.event).toBe(counted);
    expect(seen).toEqual([[3, '2026-01-02T03:04:05.000Z', event.id, true, 2]]);
  });

  it('throws on data that breaks the schema, before the handler runs: the consumer retries it, then parks it on the DLQ', async () => {
    const handler = jest.fn(async () => undefined);
    await expect(on(counted, handler).handle(countedEvent({ n: 'three', at: 'yesterday' }), ctx)).rejects.toThrow(/n[\s\S]*at/);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('dispatchTo', () => {
  const handled: string[] = [];
  const dispatch = dispatchTo([
    on(counted, async ({ n }) => {
      handled.push(`counted ${n}`);
    }),
    on(reset, async () => {
      handled.push('reset');
    }),
  ]);

  it('handles the subscribed types only', () => {
    expect([counted.type, reset.type, 'scoring.count.lost.v1'].map(dispatch.handles)).toEqual([true, true, false]);
  });

  it('sends each event to the subscription of its type', async () => {
    await dispatch.handle(createEvent({ type: reset.type, source: 'svc-scoring', subject: PG_ID, data: {} }), ctx);
    await dispatch.handle(countedEvent({ n: 1, at: '2026-01-02T03:04:05.000Z' }), ctx);
    expect(handled).toEqual(['reset', 'counted 1']);
  });

  it('fails an event of a type nobody subscribed to', async () => {
    await expect(dispatch.handle(createEvent({ type: 'scoring.count.lost.v1', source: 'svc-scoring', subject: PG_ID, data: {} }), ctx)).rejects.toThrow(
      'no subscription to scoring.count.lost.v1',
    );
  });

  it('refuses two subscriptions to one type', () => {
    const noop = async () => undefined;
    expect(() => dispatchTo([on(reset, noop), on(reset, noop)])).toThrow('scoring.count.reset.v1 is subscribed to twice');
  });
});
