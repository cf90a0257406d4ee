// The database (the stack's FerretDB) is killed while participants' saves and the services'
// event handlers write, and started again on the same port and data. A save that cannot be
// stored answers 503 with Retry-After (architecture.md, delivery guarantees), handlers retry;
// nothing is lost, made twice or failed.
import { FaultStack, runScenario, timed, verdict } from '../support/fault-lab';

// Under the run's own deadline (240 s, fault-lab.ts) plus starting and stopping the stack.
jest.setTimeout(420_000);

let stack: FaultStack | undefined;
afterAll(async () => {
  await stack?.remove();
});

test('a database restart during writes loses, duplicates and fails nothing', async () => {
  stack = await FaultStack.start('database');
  const report = await runScenario('database restart', stack, {
    participants: 20,
    ratePerSecond: 10,
    faultAfterMs: 1_000,
    faults: async (s, client, steps) => {
      await timed(client, steps, 'FerretDB killed', () => s.killDatabase());
      // Down for a moment, as a crash and a supervisor's restart would be.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await timed(client, steps, 'FerretDB started', () => s.startDatabase());
    },
  });
  expect(verdict(report)).toEqual({ lost: [], duplicated: [], failed: [] });
});
