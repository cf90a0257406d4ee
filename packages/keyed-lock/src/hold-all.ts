import type { KeyedLock } from './redis-keyed-lock';

/**
 * Runs fn holding every key, taken one after another in sorted order, so two holders of several
 * keys never wait on each other.
 */
export function runHoldingAll<T>(lock: KeyedLock, keys: readonly string[], fn: () => Promise<T>): Promise<T> {
  const take = ([first, ...rest]: readonly string[]): Promise<T> => (first === undefined ? fn() : lock.run(first, () => take(rest)));
  return take([...new Set(keys)].sort());
}
