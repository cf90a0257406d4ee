// Each consumer service is killed (SIGKILL, as a crash) while participants finish and is started
// again: svc-scoring, then svc-reports, then svc-participants. Unacked messages go back to the
// queue, the outbox keeps what was not yet published, the gateway answers 503 with Retry-After
// while a service is down; nothing is lost, made twice or failed.
import { FaultStack, runScenario, timed, verdict, type ServiceName } from '../support/fault-lab';

// Under the run's own deadline (240 s, fault-lab.ts) plus starting and stopping the stack.
jest.setTimeout(420_000);

let stack: FaultStack | undefined;
afterAll(async () => {
  await stack?.remove();
});

test('SIGKILL of each consumer service mid-burst, then a restart, loses, duplicates and fails nothing', async () => {
  stack = await FaultStack.start('kill');
  const report = await runScenario('consumer SIGKILL', stack, {
    participants: 20,
    ratePerSecond: 10,
    faultAfterMs: 500,
    faults: async (s, client, steps) => {
      for (const service of ['scoring', 'reports', 'participants'] as ServiceName[]) {
        await timed(client, steps, `svc-${service} killed`, () => s.killService(service));
        await timed(client, steps, `svc-${service} started`, () => s.startService(service));
      }
    },
  });
  expect(verdict(report)).toEqual({ lost: [], duplicated: [], failed: [] });
});
