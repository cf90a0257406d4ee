import { OpenHumansError } from '../../data-access/open-humans';

/**
 * What a failed send means for its members. 'not-delivered': Open Humans answered and refused
 * (or failed) the message, so nobody got it: the claims are released and a later send retries
 * them. 'unknown': no answer came (a timeout or a dropped connection after sending), so the
 * members may have it: they keep their claims and are not sent to again (at most once per step).
 */
export function sendFailureOutcome(err: unknown): 'not-delivered' | 'unknown' {
  if (err instanceof OpenHumansError) {
    // An answer with a status: the platform did not take the message.
    if (err.details.status !== undefined) return 'not-delivered';
    // Not reached at all (refused connection, no such host): nothing was sent.
    if (err.kind === 'unavailable' && /could not be reached \((ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\)/.test(err.message)) return 'not-delivered';
  }
  return 'unknown';
}
