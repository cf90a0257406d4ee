import { consumerTopology, DEAD_LETTER_QUEUE_DELIVERY_LIMIT, DEFAULT_RETRY_DELAYS_MS, DELIVERY_LIMIT, queueDeclarations, retryQueueName } from './topology';

describe('consumerTopology', () => {
  it('names the dead-letter exchange and queue beside the consumer queue', () => {
    const topology = consumerTopology('study.events', 'svc-scoring');
    expect(topology).toMatchObject({
      exchange: 'study.events',
      deadLetterExchange: 'study.events.dlx',
      queue: 'svc-scoring',
      deadLetterQueue: 'svc-scoring.dlq',
    });
    expect(topology.retryQueues.map((q) => q.delayMs)).toEqual([...DEFAULT_RETRY_DELAYS_MS]);
  });

  it('has one retry queue per distinct delay', () => {
    expect(consumerTopology('x', 'q', [100, 100, 500]).retryQueues).toEqual([
      { delayMs: 100, name: 'q.retry.100ms' },
      { delayMs: 500, name: 'q.retry.500ms' },
    ]);
    expect(retryQueueName('svc-reports', 60000)).toBe('svc-reports.retry.60000ms');
  });
});

describe('queueDeclarations', () => {
  const topology = consumerTopology('study.events', 'svc-scoring', [1_000, 5_000]);
  const declarations = queueDeclarations(topology, ['participants.#']);

  it('migrates and declares the retry queues first, then the dead-letter queue, then the queue', () => {
    expect(declarations.map((d) => d.name)).toEqual(['svc-scoring.retry.1000ms', 'svc-scoring.retry.5000ms', 'svc-scoring.dlq', 'svc-scoring']);
  });

  it('declares quorum queues that dead-letter at least once, with a delivery limit', () => {
    const [retry, , dlq, queue] = declarations;
    expect(queue!.options).toEqual({
      durable: true,
      arguments: {
        'x-queue-type': 'quorum',
        'x-delivery-limit': DELIVERY_LIMIT,
        'x-dead-letter-exchange': 'study.events.dlx',
        'x-dead-letter-routing-key': 'svc-scoring',
        'x-dead-letter-strategy': 'at-least-once',
        'x-overflow': 'reject-publish',
      },
    });
    expect(queue!.bindings).toEqual([{ exchange: 'study.events', routingKey: 'participants.#' }]);
    expect(retry!.options.arguments).toMatchObject({
      'x-queue-type': 'quorum',
      'x-delivery-limit': DELIVERY_LIMIT,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': 'svc-scoring',
      'x-dead-letter-strategy': 'at-least-once',
    });
    expect(retry!.bindings).toEqual([]);
    expect(dlq!.options).toEqual({ durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': DEAD_LETTER_QUEUE_DELIVERY_LIMIT } });
    expect(dlq!.bindings).toEqual([{ exchange: 'study.events.dlx', routingKey: 'svc-scoring' }]);
    for (const d of declarations) {
      expect(d.options.exclusive).toBeUndefined();
      expect(d.options.autoDelete).toBeUndefined();
    }
  });

  it('sets a delivery limit RabbitMQ 3.x and 4.x read alike, well above the attempts the consumer counts itself', () => {
    // Positive: a negative limit is "none" on 4.x but 0 on 3.x. Unset, 4.x would apply 20.
    for (const limit of [DELIVERY_LIMIT, DEAD_LETTER_QUEUE_DELIVERY_LIMIT]) {
      expect(Number.isInteger(limit)).toBe(true);
      expect(limit).toBeGreaterThan(20);
    }
    // The consumer's default maxAttempts is 5; restarts with messages in flight count too.
    expect(DELIVERY_LIMIT).toBeGreaterThanOrEqual(10 * 5);
  });

  it('knows the quorum declarations from before the delivery limit, to recognise a queue to migrate', () => {
    for (const d of declarations) {
      const { 'x-delivery-limit': limit, ...rest } = d.options.arguments as Record<string, unknown>;
      expect(limit).toBeDefined();
      expect(d.earlierQuorumOptions).toEqual({ durable: true, arguments: rest });
    }
  });

  it('knows the classic declarations of earlier versions, to recognise a queue to migrate', () => {
    const [retry, , dlq, queue] = declarations;
    expect(queue!.classicOptions).toEqual({ durable: true, deadLetterExchange: 'study.events.dlx', deadLetterRoutingKey: 'svc-scoring' });
    expect(retry!.classicOptions).toEqual({ durable: true, deadLetterExchange: '', deadLetterRoutingKey: 'svc-scoring' });
    expect(dlq!.classicOptions).toEqual({ durable: true });
  });
});
