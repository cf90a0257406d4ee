import { participantResultsSchema, RESULTS_EVENT, type ParticipantResults } from '@study/contracts';

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
  const source = new EventSource(`/api/user/events/${encodeURIComponent(pgId)}`);
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
 * The first results message for which `ready` holds, or null after `timeoutMs` (so a screen that
 * needs a result never hangs on a stream that cannot deliver: it then asks and shows the answer).
 */
export function waitForResults(
  source: ResultsSource,
  pgId: string,
  ready: (results: ParticipantResults) => boolean,
  timeoutMs: number,
): Promise<ParticipantResults | null> {
  return new Promise((resolve) => {
    let done = false;
    const subscription: { stop?: () => void } = {};
    const finish = (results: ParticipantResults | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // A source may answer while subscribing: stop once the subscription is in hand.
      queueMicrotask(() => subscription.stop?.());
      resolve(results);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const stop = source(pgId, {
      results: (results) => {
        if (ready(results)) finish(results);
      },
    });
    subscription.stop = stop;
  });
}
