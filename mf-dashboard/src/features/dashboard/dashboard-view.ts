import { isKnownLoadStatus, isNotFoundLoad, type ClientState, type LoadState } from '@study/client-state';

/**
 * A load message ending in 401 or 403: this browser holds no session for the study ID
 * (architecture.md, 'Who may call what'). Here, not in the shared client state, which an older
 * shell may provide.
 */
function isConfirmationNeededLoad(load: LoadState): boolean {
  return (load.status === 'failed' || load.status === 'save-failed') && /\b40[13]\)?\s*$/.test(load.message);
}

/** What /survey shows (product.md sections 2 and 8). */
export type DashboardView =
  | { view: 'form'; notFound: boolean }
  | { view: 'loading' }
  | { view: 'loaded' }
  | { view: 'failed'; message: string }
  /** This browser holds no session for the study ID: confirm with Open Humans first (the server's message says why). */
  | { view: 'confirm'; message: string }
  | { view: 'blank' }
  /** A load status this version does not know: the participant goes home (/). */
  | { view: 'unknown' };

/**
 * The study-ID form when no study ID is known or the load message ends in 404; otherwise the
 * load status decides: loading, the dashboard (also while a survey is being saved), the failure
 * page, or nothing yet. `routePgId` is a valid study ID from the address that the store has not
 * taken up yet (its load is about to start).
 */
export function dashboardView(state: Pick<ClientState, 'pgId' | 'user' | 'load'>, routePgId: string | null = null): DashboardView {
  if (routePgId !== null && routePgId !== state.pgId) return { view: 'loading' };
  if (isNotFoundLoad(state.load)) return { view: 'form', notFound: true };
  if (state.pgId === null) return { view: 'form', notFound: false };
  const { load } = state;
  if (load !== null && isConfirmationNeededLoad(load)) return { view: 'confirm', message: load.message.replace(/\s*\(HTTP 40[13]\)\s*$/, '') };
  if (load === null) return { view: 'blank' };
  if (!isKnownLoadStatus(load.status)) return { view: 'unknown' };
  switch (load.status) {
    case 'loading':
      return { view: 'loading' };
    case 'failed':
    case 'save-failed':
      return { view: 'failed', message: load.message };
    case 'loaded':
    case 'saving':
    case 'saved':
      return state.user === null ? { view: 'blank' } : { view: 'loaded' };
  }
}
