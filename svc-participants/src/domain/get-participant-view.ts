import { AppError } from '@study/service-kit';
import type { UserView } from '@study/contracts';
import { consentRenewal } from './consent/consent-rules';
import { consentVersionList } from './consent/consent-versions';
import type { ParticipantsDeps } from './deps';
import { participantView } from './participant';

/**
 * Loads what the dashboard shows for one participant (POST /api/user), with whether they must
 * agree to a newer consent text first.
 */
export async function getParticipantView(deps: Pick<ParticipantsDeps, 'participants' | 'consentVersions' | 'now'>, pgId: string): Promise<UserView> {
  const participant = await deps.participants.findById(pgId);
  if (!participant) throw new AppError(404, 'PARTICIPANT_NOT_FOUND', 'No participant with this study ID.');
  return { ...participantView(participant), consentRenewal: consentRenewal(participant, await consentVersionList(deps)) };
}
