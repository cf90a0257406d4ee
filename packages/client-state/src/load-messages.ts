import type { LoadState } from './state';

/**
 * The message a failed load records: the server's own words followed by the HTTP status, so the
 * dashboard can tell "no such study ID" (a message ending in 404) from any other failure.
 */
export function loadFailureMessage(message: string, httpStatus?: number): string {
  const text = message.trim() || 'The server gave no reason.';
  return httpStatus === undefined ? text : `${text} (HTTP ${httpStatus})`;
}

/** A load message ending in 404: the study ID is unknown (product.md section 8). */
export function isNotFoundMessage(message: string): boolean {
  return /\b404\)?\s*$/.test(message);
}

export function isNotFoundLoad(load: LoadState | null): boolean {
  return load !== null && (load.status === 'failed' || load.status === 'save-failed') && isNotFoundMessage(load.message);
}
