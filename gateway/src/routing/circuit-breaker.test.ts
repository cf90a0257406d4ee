import { CircuitBreaker, unreachableEvidence, type BreakerState } from './circuit-breaker';

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

  it('opens on a refused connection at once, but only after several failed connects in a row', () => {
    const { breaker, changes } = breakerWith([]);
    breaker.recordUnreachable('no-connection', breaker.attemptToken());
    breaker.recordUnreachable('no-connection', breaker.attemptToken());
    expect(breaker.state).toBe('closed');
    breaker.recordUnreachable('no-connection', breaker.attemptToken());
    expect(breaker.state).toBe('open');
    expect(changes).toEqual(['open']);
    breaker.stop();

    const refused = breakerWith([]);
    refused.breaker.recordUnreachable('refused', refused.breaker.attemptToken());
    expect(refused.breaker.state).toBe('open');
    refused.breaker.stop();
  });

  it('counts failures of attempts begun before the latest failure once, and starts over after an answer', () => {
    const { breaker } = breakerWith([]);
    const together = [breaker.attemptToken(), breaker.attemptToken(), breaker.attemptToken(), breaker.attemptToken()];
    for (const token of together) breaker.recordUnreachable('no-connection', token);
    expect(breaker.state).toBe('closed');
    breaker.recordUnreachable('no-connection', breaker.attemptToken());
    breaker.recordReachable();
    breaker.recordUnreachable('no-connection', breaker.attemptToken());
    breaker.recordUnreachable('no-connection', breaker.attemptToken());
    expect(breaker.state).toBe('closed');
    breaker.recordUnreachable('no-connection', breaker.attemptToken());
    expect(breaker.state).toBe('open');
    breaker.stop();
  });

  it('tells proof of an outage from a connection that merely did not happen', () => {
    expect(unreachableEvidence('ECONNREFUSED')).toBe('refused');
    expect(unreachableEvidence('ENOTFOUND')).toBe('refused');
    expect(unreachableEvidence('ECONNECTTIMEOUT')).toBe('no-connection');
    expect(unreachableEvidence('EAI_AGAIN')).toBe('no-connection');
    // The service was reached: a reset or a slow answer says nothing about it being down.
    expect(unreachableEvidence('ECONNRESET')).toBeUndefined();
    expect(unreachableEvidence('EUPSTREAMTIMEOUT')).toBeUndefined();
    expect(unreachableEvidence(undefined)).toBeUndefined();
  });

  it('never opens after stop', () => {
    const { breaker } = breakerWith([]);
    breaker.stop();
    breaker.recordUnreachable();
    expect(breaker.allowsRequests()).toBe(true);
  });
});
