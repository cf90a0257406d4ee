// Poison messages published straight to the exchange while participants finish: one that is
// not JSON at all, and two well-formed CloudEvents no handler can process (data that breaks the
// event's contract). Each consumer that receives one parks it on its dead-letter queue (the
// malformed one at once, the others after their retries) with the routing key and exchange it
// was first published with, and every participant's events keep flowing past them.
import { randomUUID } from 'node:crypto';
import type { GetMessage } from 'amqplib';
import { FaultStack, runScenario, timed, verdict } from '../support/fault-lab';

// Under the run's own deadline (240 s, fault-lab.ts) plus starting and stopping the stack.
jest.setTimeout(420_000);

/** Short retries keep the run short; the schedule is the event bus's, only its waits are set. */
const MAX_ATTEMPTS = 4;
const RETRY_DELAYS_MS = '200,500,1000';

let stack: FaultStack | undefined;
afterAll(async () => {
  await stack?.remove();
});

function cloudEvent(type: string, subject: string, data: unknown) {
  return { specversion: '1.0', id: randomUUID(), type, source: 'fault-test', time: new Date().toISOString(), subject, correlationid: randomUUID(), datacontenttype: 'application/json', data };
}

test('poison messages land on the dead-letter queues after their retries, with their routing key and exchange, while later events keep flowing', async () => {
  stack = await FaultStack.start('poison', { env: { EVENTS_RETRY_DELAYS_MS: RETRY_DELAYS_MS, EVENTS_MAX_ATTEMPTS: String(MAX_ATTEMPTS) } });
  const { exchange } = stack.info;
  const malformed = { routingKey: 'participants.survey.completed.v1', messageId: `malformed-${randomUUID()}`, body: Buffer.from('{"specversion": "1.0", "id": ') };
  // scoring cannot parse the survey; svc-reports has no use for participants' survey events and acknowledges it.
  const badSurvey = cloudEvent('participants.survey.completed.v1', randomUUID(), { surveyId: 'no-such-survey', status: 'completed' });
  // svc-participants and svc-reports both cannot parse the score.
  const badScore = cloudEvent('scoring.score.finalized.v1', randomUUID(), { version: 'one' });
  const publishPoison = () =>
    stack!.withChannel(async (channel) => {
      channel.publish(exchange, malformed.routingKey, malformed.body, { persistent: true, messageId: malformed.messageId, contentType: 'application/json' });
      for (const event of [badSurvey, badScore]) {
        channel.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id, contentType: 'application/cloudevents+json' });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    });

  const report = await runScenario('poison messages', stack, {
    participants: 20,
    ratePerSecond: 15,
    faultAfterMs: 300,
    faults: (s, client, steps) => timed(client, steps, 'poison published', publishPoison),
    expectedParked: { 'svc-scoring.dlq': 2, 'svc-reports.dlq': 2, 'svc-participants.dlq': 1 },
    ignoreEventIds: new Set([badSurvey.id, badScore.id]),
  });

  const parked = Object.fromEntries(
    await Promise.all(
      (['scoring', 'reports', 'participants'] as const).map(async (service) => [service, await stack!.drainQueue(`${stack!.info.queues[service]}.dlq`)] as const),
    ),
  ) as Record<'scoring' | 'reports' | 'participants', GetMessage[]>;
  const describe = (messages: GetMessage[]) =>
    messages
      .map((m) => ({
        messageId: m.properties.messageId as string,
        routingKey: m.properties.headers?.['x-original-routing-key'] as unknown,
        exchange: m.properties.headers?.['x-original-exchange'] as unknown,
        attempt: m.properties.headers?.['x-attempt'] as unknown,
      }))
      .sort((a, b) => a.messageId.localeCompare(b.messageId));
  const expected = (...entries: { messageId: string; routingKey: string; attempt: number }[]) =>
    entries.map((e) => ({ ...e, exchange })).sort((a, b) => a.messageId.localeCompare(b.messageId));

  expect({
    ...verdict(report),
    dlq: { scoring: describe(parked.scoring), reports: describe(parked.reports), participants: describe(parked.participants) },
  }).toEqual({
    lost: [],
    duplicated: [],
    failed: [],
    dlq: {
      // A message that is not a CloudEvent is parked at once (attempt 1); the others after MAX_ATTEMPTS deliveries.
      scoring: expected({ messageId: malformed.messageId, routingKey: malformed.routingKey, attempt: 1 }, { messageId: badSurvey.id, routingKey: badSurvey.type, attempt: MAX_ATTEMPTS }),
      reports: expected({ messageId: malformed.messageId, routingKey: malformed.routingKey, attempt: 1 }, { messageId: badScore.id, routingKey: badScore.type, attempt: MAX_ATTEMPTS }),
      participants: expected({ messageId: badScore.id, routingKey: badScore.type, attempt: MAX_ATTEMPTS }),
    },
  });
});
