import { consumerTopology, DEFAULT_RETRY_DELAYS_MS, retryQueueName } from './topology';

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
