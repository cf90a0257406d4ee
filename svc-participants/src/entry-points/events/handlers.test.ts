import { queueBindings, subscriptionMismatches } from '@study/contracts';
import { participantsSubscriptions } from './handlers';

// The handlers are made, never run: no dependencies are needed.
const subscriptions = participantsSubscriptions({} as Parameters<typeof participantsSubscriptions>[0]);

describe('the events svc-participants subscribes to', () => {
  it("are those the event map (the definitions' consumers) lists it as handling", () => {
    expect(subscriptionMismatches('participants', subscriptions.map((subscription) => subscription.event.type))).toEqual([]);
  });

  it('bind its queue as it has always been bound', () => {
    expect(queueBindings('participants', subscriptions.map((subscription) => subscription.event)).sort()).toEqual(['participants.consent.withdrawn.v1', 'participants.participant.consented.v1', 'participants.participant.erased.v1', 'reports.#', 'scoring.#']);
  });
});
