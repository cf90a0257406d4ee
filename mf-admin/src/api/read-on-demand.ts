import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/** Where a read the admin asks for stands: not asked yet, being read (again), read, or refused with the server's message. */
export type AdminRead<T> = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; data: T } | { state: 'failed'; message: string };

/**
 * The query options of a read the admin asks for with the master key: read at once only when the
 * page opened with a key (`readAtOnce`), then each time the admin asks (the query's refetch, with
 * the key then in the field). Nothing is kept once the page is left: each visit counts afresh.
 */
export function readOnDemand(readAtOnce: boolean) {
  return { enabled: readAtOnce, gcTime: 0 } as const;
}

/** Whether the page opened with a key kept from another admin page of this tab: its reads then happen at once (once, on arrival). */
export function useKeyKeptOnArrival(masterKey: string): boolean {
  const [kept] = useState(() => masterKey.trim() !== '');
  return kept;
}

/** The read as the page shows it; while it is read again (Refresh) what it showed gives way to the spinner. */
export function adminReadOf<T>(query: UseQueryResult<T>): AdminRead<T> {
  if (query.isFetching) return { state: 'loading' };
  if (query.isError) return { state: 'failed', message: query.error instanceof Error ? query.error.message : String(query.error) };
  if (query.isSuccess) return { state: 'loaded', data: query.data };
  return { state: 'idle' };
}
