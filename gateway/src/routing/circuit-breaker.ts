export type BreakerState = 'closed' | 'open';

export interface CircuitBreakerOptions {
  /** How often a service marked down is probed. */
  probeIntervalMs: number;
  /** Resolves true when the service answers again (any HTTP answer counts: it is reachable). */
  probe: () => Promise<boolean>;
  /** Told about every state change, for logging. */
  onChange?: (state: BreakerState) => void;
}

/**
 * Remembers that a service could not be reached so its routes answer 503 at once instead of
 * each request waiting for a connect timeout. While open it probes the service in the
 * background and closes on the first answer; a successful proxied response or readiness
 * check closes it too.
 */
export class CircuitBreaker {
  private current: BreakerState = 'closed';
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  private stopped = false;

  constructor(private readonly options: CircuitBreakerOptions) {}

  get state(): BreakerState {
    return this.current;
  }

  /** Whether a request may be sent to the service now. */
  allowsRequests(): boolean {
    return this.current === 'closed';
  }

  /** The service could not be reached (refused, unreachable, connect timeout). */
  recordUnreachable(): void {
    if (this.stopped || this.current === 'open') return;
    this.current = 'open';
    this.options.onChange?.('open');
    this.timer = setInterval(() => void this.runProbe(), this.options.probeIntervalMs);
    // Probing must never keep the process alive on its own.
    this.timer.unref();
  }

  /** The service answered. */
  recordReachable(): void {
    if (this.current === 'closed') return;
    this.current = 'closed';
    this.clearTimer();
    this.options.onChange?.('closed');
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private clearTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async runProbe(): Promise<void> {
    if (this.probing || this.current === 'closed') return;
    this.probing = true;
    try {
      if (await this.options.probe()) this.recordReachable();
    } catch {
      // A failed probe leaves the breaker open; the next tick tries again.
    } finally {
      this.probing = false;
    }
  }
}
