import { participantResultsSchema, pathOf, RESULTS_EVENT, routes, type ParticipantResults } from '@study/contracts';

/** What a results subscriber hears: each results message, and whether the stream is connected. */
export interface ResultsListener {
  results(results: ParticipantResults): void;
  /** false while the browser reconnects a dropped stream (it does so by itself), true once it is back. */
  connected?(connected: boolean): void;
}

/**
 * Subscribes to the participant's results (GET /api/user/events/{pgId}); answers the function
 * that ends the subscription. Tests and other transports put their own in place.
 */
export type ResultsSource = (pgId: string, listener: ResultsListener) => () => void;

/** The result stream as Server-Sent Events through the gateway; the browser reconnects by itself. */
export const eventSourceResults: ResultsSource = (pgId, listener) => {
  if (typeof EventSource === 'undefined') {
    listener.connected?.(false);
    return () => {};
  }
  const source = new EventSource(pathOf(routes.resultsStream, { pgId }));
  source.addEventListener(RESULTS_EVENT, (event) => {
    try {
      listener.results(participantResultsSchema.parse(JSON.parse((event as MessageEvent<string>).data)));
    } catch (error) {
      console.warn('A results message could not be read:', error instanceof Error ? error.message : error);
    }
  });
  source.addEventListener('open', () => listener.connected?.(true));
  source.addEventListener('error', () => listener.connected?.(false));
  return () => source.close();
};

/**
 * How long a screen keeps waiting on a stream that delivers (it has sent the stored results)
 * for a result that is being worked out: a broker or a service restarting delays a result by
 * many seconds, and the screen should then show it, not a "not ready" answer.
 */
export const LIVE_STREAM_WAIT_MS = 60_000;

/**
 * The first results message for which `ready` holds, or null when the stream cannot deliver:
 * after `timeoutMs` without any message (or since it dropped), or after `liveTimeoutMs` in all
 * (so a screen that needs a result never hangs: it then asks and shows the answer).
 */
export function waitForResults(
  source: ResultsSource,
  pgId: string,
  ready: (results: ParticipantResults) => boolean,
  timeoutMs: number,
  liveTimeoutMs = Math.max(timeoutMs, LIVE_STREAM_WAIT_MS),
): Promise<ParticipantResults | null> {
  return new Promise((resolve) => {
    let done = false;
    const subscription: { stop?: () => void } = {};
    const endsAt = Date.now() + liveTimeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (results: ParticipantResults | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // A source may answer while subscribing: stop once the subscription is in hand.
      queueMicrotask(() => subscription.stop?.());
      resolve(results);
    };
    const waitAtMost = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(null), Math.max(0, Math.min(ms, endsAt - Date.now())));
    };
    let live = false;
    waitAtMost(timeoutMs);
    const stop = source(pgId, {
      results: (results) => {
        if (ready(results)) return finish(results);
        // The stream delivers: the result is on its way (a restart elsewhere may delay it).
        if (!live) waitAtMost(liveTimeoutMs);
        live = true;
      },
      connected: (connected) => {
        if (connected || !live) return;
        live = false;
        waitAtMost(timeoutMs);
      },
    });
    subscription.stop = stop;
  });
}
