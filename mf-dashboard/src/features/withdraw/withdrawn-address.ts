import { DASHBOARD_REMOTE } from '@study/navigation';

/** What became of the participant's data, as the page after withdrawing says it. */
export type DataAfterWithdrawal = 'erased' | 'kept';

/** What the withdrawal hands the page after it (the history entry's state, never the address: a link cannot claim a withdrawal). */
interface WithdrawnState {
  withdrawal: DataAfterWithdrawal;
}

/** Where a participant lands after withdrawing, and the outcome the page may state. */
export function withdrawnNavigation(data: DataAfterWithdrawal): { to: string; state: WithdrawnState } {
  return { to: DASHBOARD_REMOTE.pages.withdrawn, state: { withdrawal: data } };
}

/** The outcome a withdrawal that just happened handed over; null when the page was opened any other way. */
export function dataAfterWithdrawal(state: unknown): DataAfterWithdrawal | null {
  const data = typeof state === 'object' && state !== null ? (state as Partial<WithdrawnState>).withdrawal : undefined;
  return data === 'erased' || data === 'kept' ? data : null;
}
