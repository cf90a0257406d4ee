import { fetchUser } from '@study/api-client';
import type { ClientStore } from '@study/client-state';
import { ErrorCodes, type UserView } from '@study/contracts';
import { ApiError } from '@study/ui';
import { getNardiFinal } from '../../../api/get-nardi-final';
import type { NardiPatch } from '../../../api/update-nardi';
import { errorMessage, SAVE_FAILED_MESSAGE, saveToServer } from '../../../lib/save-to-server';

/** POST /api/user/survey/upd for the Nardi survey (useUpdateNardi's mutateAsync). */
export type UpdateNardi = (input: { pgId: string; patch: NardiPatch }) => Promise<UserView>;

/** Parts two and three: the choice and the step's status, patched onto the Nardi survey; the store takes the new state. */
export async function saveChoice(store: ClientStore, update: UpdateNardi, pgId: string, patch: NardiPatch): Promise<void> {
  await saveToServer(store, () => update({ pgId, patch }));
}

/** Patching a survey the server has closed already: an earlier attempt completed it. */
function alreadyClosed(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCodes.SURVEY_CLOSED;
}

/** Part four, first half: the type chosen, the survey completed on the server. */
export async function completeSurvey(store: ClientStore, update: UpdateNardi, pgId: string, patch: NardiPatch): Promise<void> {
  store.saveStarted();
  try {
    await update({ pgId, patch });
  } catch (error) {
    // A completion that went through before (the answer was lost on the way) leaves the survey closed.
    if (alreadyClosed(error)) return;
    store.saveFailed(errorMessage(error, SAVE_FAILED_MESSAGE));
    throw error;
  }
}

/**
 * Part four, second half: the Nardi type and consistency (POST /api/user/nardi/final, asked for
 * once the result stream shows svc-scoring has worked them out and svc-participants holds them),
 * then the participant's data loaded again into the store, consistency included. Should the load
 * still lack it, the store keeps the one just received.
 */
export async function finishSurvey(store: ClientStore, pgId: string): Promise<void> {
  try {
    const final = await getNardiFinal(pgId);
    const user = await fetchUser(pgId);
    store.loadSucceeded(user);
    const nardi = store.getState().surveys.nardi;
    if (nardi.status === 'completed' && nardi.consistency === undefined) {
      store.setSurvey({ ...nardi, typeCode: nardi.typeCode ?? final.typeCode, consistency: final.consistency });
    }
    store.saveSucceeded();
  } catch (error) {
    store.saveFailed(errorMessage(error, 'Your Nardi result could not be worked out.'));
    throw error;
  }
}
