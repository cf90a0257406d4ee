import type { ClientStore } from '@study/client-state';
import type { UserView } from '@study/contracts';

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

export const SAVE_FAILED_MESSAGE = 'Your answers could not be saved.';

/**
 * A save of the Nardi survey with the load statuses of product.md section 4 (saving, then saved
 * or save-failed with the message); the participant's view the server answers replaces the
 * stored one. Rethrows the failure for the screen to show.
 */
export async function saveToServer(store: ClientStore, save: () => Promise<UserView>): Promise<UserView> {
  store.saveStarted();
  let view: UserView;
  try {
    view = await save();
  } catch (error) {
    store.saveFailed(errorMessage(error, SAVE_FAILED_MESSAGE));
    throw error;
  }
  store.loadSucceeded(view);
  store.saveSucceeded();
  return view;
}
