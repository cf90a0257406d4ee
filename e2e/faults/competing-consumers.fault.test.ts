// Two processes of svc-scoring and two of svc-reports consume the same queues (same
// EVENTS_QUEUE and database, their own ports) while participants finish: each result is still
// made once (the keyed locks and the inbox hold across processes) and none is lost.
import { FaultStack, runScenario, verdict } from '../support/fault-lab';

// Under the run's own deadline (240 s, fault-lab.ts) plus starting and stopping the stack.
jest.setTimeout(420_000);

let stack: FaultStack | undefined;
afterAll(async () => {
  await stack?.remove();
});

test('two instances of scoring and of reports on one queue each lose, duplicate and fail nothing', async () => {
  stack = await FaultStack.start('instances');
  await stack.startServiceInstance('scoring');
  await stack.startServiceInstance('reports');
  const report = await runScenario('two instances per consumer', stack, {
    participants: 20,
    ratePerSecond: 15,
    faultAfterMs: 0,
    // The second processes run from before the burst to the end.
    faults: async () => undefined,
  });
  expect(verdict(report)).toEqual({ lost: [], duplicated: [], failed: [] });
});
