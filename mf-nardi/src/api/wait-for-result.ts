import { eventSourceResults, waitForResults } from '@study/client-state';
import type { ParticipantResults } from '@study/contracts';

/**
 * How long a Nardi screen waits for a result stream that does not deliver before asking anyway:
 * scoring normally answers within a fraction of a second; if the stream cannot deliver, the call
 * is made and its answer (the result, or a message saying what to do) is shown. A stream that
 * delivers is waited on longer (LIVE_STREAM_WAIT_MS: a restart elsewhere may delay the result).
 */
export const RESULT_STREAM_WAIT_MS = 10_000;

/** Waits until the participant's result stream shows `ready` (or cannot tell), so a result is asked for once its owner has stored it. */
export async function waitForResult(pgId: string, ready: (results: ParticipantResults) => boolean): Promise<void> {
  await waitForResults(eventSourceResults, pgId, ready, RESULT_STREAM_WAIT_MS);
}
