import { checkAuthorizationState, type KeyValueStorage } from '@study/client-state';

/** What /return should do with the query Open Humans sent (domain.md section 7). */
export type ReturnPlan = { action: 'exchange'; code: string; state: string } | { action: 'fail'; reason: string };

const PLATFORM_ERRORS: Readonly<Record<string, string>> = {
  access_denied: 'The authorization was cancelled on Open Humans, so no study ID was created.',
};

/**
 * Decides from the query alone, before anything is sent: an error from the platform is shown as
 * it is; an answer whose `state` is missing or is not the one this browser stored is refused
 * (it may be forged); only then is the code exchanged.
 */
export function planReturn(query: URLSearchParams, storage?: KeyValueStorage | null): ReturnPlan {
  const error = query.get('error');
  if (error) {
    const description = query.get('error_description')?.trim();
    const known = PLATFORM_ERRORS[error] ?? `Open Humans reported an error (${error}).`;
    return { action: 'fail', reason: description ? `${known} ${description}` : known };
  }
  const check = checkAuthorizationState(query.get('state'), storage);
  if (!check.ok) return { action: 'fail', reason: check.reason };
  const code = query.get('code')?.trim();
  if (!code) return { action: 'fail', reason: 'The address from Open Humans carries no authorization code. Please start again from the consent page.' };
  return { action: 'exchange', code, state: check.state };
}
