import { ErrorCodes } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { ParticipantsDeps } from '../deps';
import { latestConsent } from './consent-rules';
import { currentConsentVersion } from './consent-versions';

/** What the participant's copy of their consent shows (the consent PDF). */
export interface ConsentCopy {
  pgId: string;
  /** The version agreed to; null when the page that asked did not say. */
  versionId: string | null;
  hash: string | null;
  givenAt: Date;
  /** null: not recorded (an older page). */
  adult: boolean | null;
  memberId: string | null;
  renewal: boolean;
  /** The text agreed to; with an unrecorded version, the text that was current then. */
  text: string;
  /** The version whose text is shown when the consent names none. */
  textVersionId: string;
}

/** A consent that names no version was given to the text current then (the first is stored at its first use). */
async function versionCurrentAt(deps: Pick<ParticipantsDeps, 'consentVersions' | 'now'>, givenAt: Date) {
  await currentConsentVersion(deps);
  return deps.consentVersions.currentAt(givenAt);
}

/** The participant's latest consent with its text (GET /api/consent/pdf/{pgId}). */
export async function consentCopy(deps: Pick<ParticipantsDeps, 'participants' | 'consentVersions' | 'now'>, pgId: string): Promise<ConsentCopy> {
  const participant = await deps.participants.findById(pgId, { withMbti: false });
  if (!participant) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, 'No participant with this study ID.');
  const latest = latestConsent(participant.consents);
  if (!latest) {
    throw new AppError(404, ErrorCodes.CONSENT_NOT_ON_RECORD, 'No consent is on record for this study ID yet. Open the dashboard to agree to the consent text.');
  }
  const version = latest.versionId ? await deps.consentVersions.find(latest.versionId) : await versionCurrentAt(deps, latest.givenAt);
  if (!version) throw new Error(`The consent version ${latest.versionId ?? `current at ${latest.givenAt.toISOString()}`} is not stored`);
  return {
    pgId: participant.pgId,
    versionId: latest.versionId,
    hash: latest.hash,
    givenAt: latest.givenAt,
    adult: latest.adult,
    memberId: latest.memberId,
    renewal: latest.renewal,
    text: version.text,
    textVersionId: version.versionId,
  };
}
