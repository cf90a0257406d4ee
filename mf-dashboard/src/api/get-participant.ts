import { fetchUser } from '@study/api-client';
import { useClientStore } from '@study/client-state';
import type { UserView } from '@study/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadParticipant } from '../lib/load-participant';

/**
 * POST /api/user {pgId}: the participant's view. Read afresh each time it is asked for (a
 * withdrawal or a reset elsewhere shows at once); a read under way for the same study ID is
 * shared, and nothing is kept after it: the client store holds the participant.
 */
export function participantQuery(pgId: string) {
  return queryOptions({ queryKey: ['participant', pgId], queryFn: () => fetchUser(pgId), staleTime: 0, gcTime: 0 });
}

/** Reads a participant through the remote's query client, without touching the store. */
export function useGetParticipant(): (pgId: string) => Promise<UserView> {
  const queryClient = useQueryClient();
  return useCallback((pgId: string) => queryClient.fetchQuery(participantQuery(pgId)), [queryClient]);
}

/** Loads a participant into the store: loading, then loaded or failed with the server's message. */
export function useLoadParticipant(): (pgId: string) => Promise<void> {
  const store = useClientStore();
  const getParticipant = useGetParticipant();
  return useCallback((pgId: string) => loadParticipant(store, getParticipant, pgId), [store, getParticipant]);
}
