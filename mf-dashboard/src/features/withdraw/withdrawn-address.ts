import { DASHBOARD_REMOTE } from '@study/navigation';

/** What became of the participant's data, as the page after withdrawing says it. */
export type DataAfterWithdrawal = 'erased' | 'kept';

/** The page a participant lands on after withdrawing, saying what happened. */
export function withdrawnAddress(data: DataAfterWithdrawal): string {
  return `${DASHBOARD_REMOTE.pages.withdrawn}?data=${data}`;
}

/** The `data` of the page's address; anything else says nothing about the data. */
export function dataAfterWithdrawal(search: string): DataAfterWithdrawal | null {
  const data = new URLSearchParams(search).get('data');
  return data === 'erased' || data === 'kept' ? data : null;
}
