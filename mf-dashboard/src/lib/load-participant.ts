import { loadFailureMessage, type ClientStore } from '@study/client-state';
import type { UserView } from '@study/contracts';
import { ApiError } from '@study/ui';

/** Loads the participant's data into the store: loading, then loaded or failed with the server's message. */
export async function loadParticipant(store: ClientStore, getParticipant: (pgId: string) => Promise<UserView>, pgId: string): Promise<void> {
  store.loadStarted(pgId);
  try {
    store.loadSucceeded(await getParticipant(pgId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    store.loadFailed(pgId, loadFailureMessage(message, error instanceof ApiError ? error.status : undefined));
  }
}
