export type BreakerState = 'closed' | 'open';

/** The state as metrics show it: half-open while open and a probe is asking the service. */
export type BreakerPhase = 'closed' | 'half-open' | 'open';

/**
 * What a failed connection says about the other side. `refused`: proof that nobody is there
 * (nothing listens on the port, no route to the host, no such host). `no-connection`: no
 * proof either way (a connect that did not finish in time, a DNS lookup that failed for now):
 * a starved CPU or a full accept queue looks the same as a dead host.
 */
export type UnreachableEvidence = 'refused' | 'no-connection';

/** Error codes that prove nothing listens there: the breaker opens on the first one. */
const REFUSED_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);
/** Error codes of a connection that could not be made, without proof of an outage. */
const NO_CONNECTION_CODES: ReadonlySet<string> = new Set(['ECONNECTTIMEOUT', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

/** How an error code of a failed call counts for the breaker; undefined: it does not count (the service was reached). */
export function unreachableEvidence(code: string | undefined): UnreachableEvidence | undefined {
  if (code === undefined) return undefined;
  if (REFUSED_CODES.has(code)) return 'refused';
  if (NO_CONNECTION_CODES.has(code)) return 'no-connection';
  return undefined;
}

export interface CircuitBreakerOptions {
  /** How often a service marked down is probed. */
  probeIntervalMs: number;
  /** Resolves true when the service answers again (any HTTP answer counts: it is reachable). */
  probe: () => Promise<boolean>;
  /** Told about every state change, for logging. */
  onChange?: (state: BreakerState, evidence?: UnreachableEvidence) => void;
  /** Connections that fail without proof, one after another, before the service counts as down. Default 3. */
  noConnectionThreshold?: number;
}

const DEFAULT_NO_CONNECTION_THRESHOLD = 3;

/**
 * Remembers that a service could not be reached so its routes answer 503 at once instead of
 * each request waiting for a connect timeout. It opens only on evidence: one refused
 * connection, or several failed connects in a row where each attempt began after the
 * previous failure was seen (requests stalled together by one busy moment count once).
 * While open it probes the service in the background and closes on the first answer; a
 * successful proxied response or readiness check closes it too.
 */
export class CircuitBreaker {
  private current: BreakerState = 'closed';
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  private stopped = false;
  /** Failed connects without proof since the service last answered. */
  private failuresInARow = 0;
  /** Counts every failure that was counted: an attempt begun before the latest one is concurrent with it. */
  private failureSeq = 0;
  private readonly threshold: number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.threshold = Math.max(1, options.noConnectionThreshold ?? DEFAULT_NO_CONNECTION_THRESHOLD);
  }

  get state(): BreakerState {
    return this.current;
  }

  get phase(): BreakerPhase {
    if (this.current === 'closed') return 'closed';
    return this.probing ? 'half-open' : 'open';
  }

  /** Whether a request may be sent to the service now. */
  allowsRequests(): boolean {
    return this.current === 'closed';
  }

  /** Taken when a call begins; handed back with its failure, if it fails. */
  attemptToken(): number {
    return this.failureSeq;
  }

  /**
   * A call could not connect. `token` (from attemptToken() when the call began) tells a
   * failure that follows an earlier one apart from one stalled alongside it; without it every
   * failure counts.
   */
  recordUnreachable(evidence: UnreachableEvidence = 'refused', token?: number): void {
    if (this.stopped || this.current === 'open') return;
    if (evidence === 'no-connection') {
      if (token !== undefined && token < this.failureSeq) return;
      this.failureSeq += 1;
      this.failuresInARow += 1;
      if (this.failuresInARow < this.threshold) return;
    }
    this.open(evidence);
  }

  /** The service answered. */
  recordReachable(): void {
    this.failuresInARow = 0;
    if (this.current === 'closed') return;
    this.current = 'closed';
    this.clearTimer();
    this.options.onChange?.('closed');
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private open(evidence: UnreachableEvidence): void {
    this.current = 'open';
    this.failuresInARow = 0;
    this.options.onChange?.('open', evidence);
    this.timer = setInterval(() => void this.runProbe(), this.options.probeIntervalMs);
    // Probing must never keep the process alive on its own.
    this.timer.unref();
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
