import { queueBindings, subscriptionMismatches } from '@study/contracts';
import { scoringSubscriptions } from './handlers';

// The handlers are made, never run: no dependencies are needed.
const subscriptions = scoringSubscriptions({} as Parameters<typeof scoringSubscriptions>[0]);

describe('the events svc-scoring subscribes to', () => {
  it("are those the event map (the definitions' consumers) lists it as handling", () => {
    expect(subscriptionMismatches('scoring', subscriptions.map((subscription) => subscription.event.type))).toEqual([]);
  });

  it('bind its queue as it has always been bound', () => {
    expect(queueBindings('scoring', subscriptions.map((subscription) => subscription.event)).sort()).toEqual(['participants.#']);
  });
});
