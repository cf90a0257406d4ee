import type { UseQueryResult } from '@tanstack/react-query';

/** Where a read the admin asks for stands: not asked yet, being read (again), read, or refused with the server's message. */
export type AdminRead<T> = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; data: T } | { state: 'failed'; message: string };

/**
 * The query options of a page's figures: read when the page opens for a signed-in person, then
 * each time they ask (Refresh: the query's refetch). Nothing is kept once the page is left: each
 * visit counts afresh.
 */
export const READ_ON_ARRIVAL = { gcTime: 0 } as const;

/** The read as the page shows it; while it is read again (Refresh) what it showed gives way to the spinner. */
export function adminReadOf<T>(query: UseQueryResult<T>): AdminRead<T> {
  if (query.isFetching) return { state: 'loading' };
  if (query.isError) return { state: 'failed', message: query.error instanceof Error ? query.error.message : String(query.error) };
  if (query.isSuccess) return { state: 'loaded', data: query.data };
  return { state: 'idle' };
}
