import { ErrorCodes } from '@study/contracts';
import { AppError } from '@study/service-kit';
import { consentRenewal, type ConsentStanding } from './consent-rules';
import type { consentVersionList } from './consent-versions';

export const CONSENT_RENEWAL_REQUIRED_MESSAGE =
  'The consent form has changed since you agreed to it: please read the new version on your dashboard and agree to it (or withdraw) before going on. Nothing was saved.';

/**
 * A participant's answers are stored only under the consent text in force: while a newer text
 * awaits their agreement, a save is refused (409) and nothing is stored. `versions` is
 * consentVersionList's answer, read before the participant's lock is taken.
 */
export function refuseWhileConsentRenewalDue(participant: ConsentStanding, versions: Awaited<ReturnType<typeof consentVersionList>>): void {
  if (consentRenewal(participant, versions)) throw new AppError(409, ErrorCodes.CONSENT_RENEWAL_REQUIRED, CONSENT_RENEWAL_REQUIRED_MESSAGE);
}
