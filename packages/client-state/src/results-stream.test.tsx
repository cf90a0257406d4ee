import type { ParticipantResults } from '@study/contracts';
import { waitForResults, type ResultsListener, type ResultsSource } from './results-stream';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const results = (scored: boolean): ParticipantResults => ({ pgId: PG_ID, nardi: { scored, result: null }, finalScore: null, finalReport: null });

function fakeSource() {
  let listener: ResultsListener | undefined;
  const stop = jest.fn();
  const source: ResultsSource = jest.fn((_pgId: string, given: ResultsListener) => {
    listener = given;
    return stop;
  });
  return { source, stop, send: (sent: ParticipantResults) => listener?.results(sent), connected: (c: boolean) => listener?.connected?.(c) };
}

describe('waitForResults', () => {
  it('answers the first message that is ready and ends the subscription', async () => {
    const { source, stop, send } = fakeSource();
    const waiting = waitForResults(source, PG_ID, (r) => r.nardi.scored, 10_000);
    send(results(false));
    send(results(true));
    await expect(waiting).resolves.toEqual(results(true));
    expect(source).toHaveBeenCalledWith(PG_ID, expect.anything());
    await Promise.resolve();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('answers null once the time is up, so a screen never hangs on a stream that cannot deliver', async () => {
    jest.useFakeTimers();
    try {
      const { source, stop } = fakeSource();
      // No message at all: the stream does not deliver.
      const waiting = waitForResults(source, PG_ID, (r) => r.nardi.scored, 500);
      jest.advanceTimersByTime(500);
      await expect(waiting).resolves.toBeNull();
      await Promise.resolve();
      expect(stop).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps waiting on a stream that delivers (a result delayed by a restart elsewhere), up to the longer limit', async () => {
    jest.useFakeTimers();
    try {
      const { source, send } = fakeSource();
      const settled = jest.fn();
      const waiting = waitForResults(source, PG_ID, (r) => r.nardi.scored, 500, 5_000);
      void waiting.then(settled);
      send(results(false));
      jest.advanceTimersByTime(2_000);
      await Promise.resolve();
      expect(settled).not.toHaveBeenCalled();
      send(results(true));
      await expect(waiting).resolves.toEqual(results(true));
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers null at the longer limit, or sooner once the stream drops', async () => {
    jest.useFakeTimers();
    try {
      const live = fakeSource();
      const atLimit = waitForResults(live.source, PG_ID, (r) => r.nardi.scored, 500, 5_000);
      live.send(results(false));
      jest.advanceTimersByTime(5_000);
      await expect(atLimit).resolves.toBeNull();

      const dropped = fakeSource();
      const afterDrop = waitForResults(dropped.source, PG_ID, (r) => r.nardi.scored, 500, 5_000);
      dropped.send(results(false));
      jest.advanceTimersByTime(1_000);
      dropped.connected(false);
      jest.advanceTimersByTime(500);
      await expect(afterDrop).resolves.toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('copes with a source that answers while subscribing', async () => {
    const stop = jest.fn();
    const source: ResultsSource = (_pgId, listener) => {
      listener.results(results(true));
      return stop;
    };
    await expect(waitForResults(source, PG_ID, (r) => r.nardi.scored, 10_000)).resolves.toEqual(results(true));
    await Promise.resolve();
    expect(stop).toHaveBeenCalled();
  });
});
