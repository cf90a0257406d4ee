import { CircuitBreaker, type BreakerState } from './circuit-breaker';

function breakerWith(probeAnswers: boolean[]) {
  const changes: BreakerState[] = [];
  let probes = 0;
  const breaker = new CircuitBreaker({
    probeIntervalMs: 10,
    probe: async () => {
      probes += 1;
      return probeAnswers.shift() ?? false;
    },
    onChange: (state) => changes.push(state),
  });
  return { breaker, changes, probes: () => probes };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('CircuitBreaker', () => {
  it('lets requests through until the service is unreachable', () => {
    const { breaker, changes } = breakerWith([]);
    expect(breaker.allowsRequests()).toBe(true);
    breaker.recordUnreachable();
    breaker.recordUnreachable();
    expect(breaker.allowsRequests()).toBe(false);
    expect(changes).toEqual(['open']);
    breaker.stop();
  });

  it('probes while open and closes on the first answer', async () => {
    const { breaker, changes, probes } = breakerWith([false, false, true]);
    breaker.recordUnreachable();
    await until(() => breaker.state === 'closed');
    expect(probes()).toBe(3);
    expect(changes).toEqual(['open', 'closed']);
    breaker.stop();
  });

  it('closes when a request or readiness check reaches the service, and stops probing', async () => {
    const { breaker, probes } = breakerWith([]);
    breaker.recordUnreachable();
    breaker.recordReachable();
    expect(breaker.allowsRequests()).toBe(true);
    const seen = probes();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(probes()).toBe(seen);
    breaker.stop();
  });

  it('never opens after stop', () => {
    const { breaker } = breakerWith([]);
    breaker.stop();
    breaker.recordUnreachable();
    expect(breaker.allowsRequests()).toBe(true);
  });
});
