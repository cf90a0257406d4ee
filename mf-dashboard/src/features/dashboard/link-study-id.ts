import type { ClientStore } from '@study/client-state';
import type { UserView } from '@study/contracts';
import { ApiError } from '@study/ui';
import { errorMessage } from '../../lib/error-message';

/**
 * Why a dashboard link's study ID was not opened, handed to /survey in the history entry's state
 * (never the address, so a reload or a shared link shows nothing of it).
 * - 'unknown': the study has no participant with it (404);
 * - 'not-yours': this browser is signed in with the stored study ID, not with the link's, or holds no session (401/403): the
 *   study does not say whether it exists; it may be another participant's, who would confirm it with Open Humans;
 * - 'unchecked': the check failed (the server's message in `message`).
 */
export interface LinkNotOpened {
  linkStudyId: string;
  reason: 'unknown' | 'not-yours' | 'unchecked';
  message?: string;
}

/** The outcome a check handed over; null for any other state (a plain visit). */
export function linkNotOpened(state: unknown): LinkNotOpened | null {
  const candidate = typeof state === 'object' && state !== null ? (state as { linkNotOpened?: Partial<LinkNotOpened> }).linkNotOpened : undefined;
  if (candidate === undefined || typeof candidate.linkStudyId !== 'string') return null;
  if (candidate.reason !== 'unknown' && candidate.reason !== 'not-yours' && candidate.reason !== 'unchecked') return null;
  return { linkStudyId: candidate.linkStudyId, reason: candidate.reason, ...(typeof candidate.message === 'string' ? { message: candidate.message } : {}) };
}

/**
 * A dashboard link names `linkStudyId` while this browser holds another study ID: the link's is
 * loaded first without touching the stored one. When it opens, it becomes the stored study ID
 * (this browser holds its session); otherwise the stored one is kept and `kept` receives the
 * history state that says why, for /survey.
 */
export async function openLinkStudyId(
  store: ClientStore,
  getParticipant: (pgId: string) => Promise<UserView>,
  linkStudyId: string,
  kept: (state: { linkNotOpened: LinkNotOpened }) => void,
): Promise<void> {
  let user;
  try {
    user = await getParticipant(linkStudyId);
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    const reason: LinkNotOpened['reason'] = status === 404 ? 'unknown' : status === 401 || status === 403 ? 'not-yours' : 'unchecked';
    kept({ linkNotOpened: { linkStudyId, reason, ...(reason === 'unchecked' ? { message: errorMessage(error) } : {}) } });
    return;
  }
  store.loadStarted(linkStudyId);
  store.loadSucceeded(user);
}
