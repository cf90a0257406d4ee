import { queueBindings, subscriptionMismatches } from '@study/contracts';
import { reportsSubscriptions } from './handlers';

// The handlers are made, never run: no dependencies are needed.
const subscriptions = reportsSubscriptions({} as Parameters<typeof reportsSubscriptions>[0]);

describe('the events svc-reports subscribes to', () => {
  it("are those the event map (the definitions' consumers) lists it as handling", () => {
    expect(subscriptionMismatches('reports', subscriptions.map((subscription) => subscription.event.type))).toEqual([]);
  });

  it('bind its queue as it has always been bound', () => {
    expect(queueBindings('reports', subscriptions.map((subscription) => subscription.event)).sort()).toEqual(['participants.#', 'scoring.#']);
  });
});
