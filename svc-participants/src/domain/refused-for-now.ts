import { AppError } from '@study/service-kit';

/**
 * A 429 for guessing or calling too much: the message says how many minutes to wait (what people
 * read), Retry-After how many seconds (what clients read). `otherwise` is what else they may do.
 */
export function refusedForNow(code: string, what: string, waitMs: number, otherwise = ''): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(429, code, `${what} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}${otherwise}.`, { retryAfterSeconds: seconds });
}
