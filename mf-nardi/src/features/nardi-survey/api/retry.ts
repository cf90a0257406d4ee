import { ErrorCodes } from '@study/contracts';
import { ApiError } from '@study/ui';

/** Waits between attempts while scoring catches up: short at first, then longer (about 7 s in all). */
export const NOT_READY_BACKOFF_MS: readonly number[] = [400, 800, 1500, 2000, 2500];

/** 409 NARDI_NOT_SCORED / NARDI_NOT_FINAL: the answers reached scoring by event and are not there yet. */
export function isNotReadyYet(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  return error.code === undefined || error.code === ErrorCodes.NARDI_NOT_SCORED || error.code === ErrorCodes.NARDI_NOT_FINAL;
}

export interface RetryOptions {
  backoffMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `call` again after each wait of `backoffMs` while it fails with "not ready yet"; any
 * other failure, or the last "not ready yet", is thrown as it is (its message says what to do).
 */
export async function retryWhileNotReady<T>(call: () => Promise<T>, { backoffMs = NOT_READY_BACKOFF_MS, sleep = wait }: RetryOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = backoffMs[attempt];
      if (delay === undefined || !isNotReadyYet(error)) throw error;
      await sleep(delay);
    }
  }
}
