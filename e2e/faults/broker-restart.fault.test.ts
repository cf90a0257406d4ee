// The broker stops and starts again while participants finish: every save answers, no result
// is lost or made twice. The stack runs on a RabbitMQ node of its own (the shared one is never
// stopped); durable queues and persistent messages outlive the restart.
import { FaultStack, runScenario, timed, verdict } from '../support/fault-lab';

// Under the run's own deadline (240 s, fault-lab.ts) plus starting and stopping the stack.
jest.setTimeout(420_000);

let stack: FaultStack | undefined;
afterAll(async () => {
  await stack?.remove();
});

test('a broker restart mid-burst loses, duplicates and fails nothing', async () => {
  stack = await FaultStack.start('broker', { privateBroker: true });
  const report = await runScenario('broker restart', stack, {
    participants: 20,
    ratePerSecond: 10,
    faultAfterMs: 1_000,
    faults: async (s, client, steps) => {
      await timed(client, steps, 'RabbitMQ stopped', () => s.stopBroker());
      await timed(client, steps, 'RabbitMQ started', () => s.startBroker());
    },
  });
  expect(verdict(report)).toEqual({ lost: [], duplicated: [], failed: [] });
});
