import { brokerObjectsOf } from './broker-objects';

describe('brokerObjectsOf', () => {
  it("names each consumer's queue, its dead-letter queue and its retry queues, and the stack's two exchanges", () => {
    const { queues, exchanges } = brokerObjectsOf('study.events.run1', 'run1.');
    expect(exchanges).toEqual(['study.events.run1', 'study.events.run1.dlx']);
    expect(queues.filter((q) => q.startsWith('run1.svc-participants'))).toEqual([
      'run1.svc-participants',
      'run1.svc-participants.dlq',
      'run1.svc-participants.retry.1000ms',
      'run1.svc-participants.retry.5000ms',
      'run1.svc-participants.retry.15000ms',
      'run1.svc-participants.retry.60000ms',
    ]);
    expect(queues).toHaveLength(18);
    expect(new Set(queues.map((q) => q.split('.')[1]))).toEqual(new Set(['svc-participants', 'svc-scoring', 'svc-reports']));
  });
});
