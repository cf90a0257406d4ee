import { loadFailureMessage, type ClientStore } from '@study/client-state';
import type { UserView } from '@study/contracts';
import { ApiError } from '@study/ui';

/** The one call loading a participant needs; the dashboard's and the assessment screens' APIs both have it. */
export interface ParticipantSource {
  /** POST /api/user {pgId} */
  fetchUser(pgId: string): Promise<UserView>;
}

/** Loads the participant's data into the store: loading, then loaded or failed with the server's message. */
export async function loadParticipant(store: ClientStore, api: ParticipantSource, pgId: string): Promise<void> {
  store.loadStarted(pgId);
  try {
    store.loadSucceeded(await api.fetchUser(pgId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    store.loadFailed(pgId, loadFailureMessage(message, error instanceof ApiError ? error.status : undefined));
  }
}
