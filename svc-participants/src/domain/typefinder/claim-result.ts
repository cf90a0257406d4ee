import { ErrorCodes, TYPEFINDER_NO_MATCH_MESSAGE, type TypeFinderClaimResponse } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { AppError } from '@study/service-kit';
import { participantDocuments } from '../../data-access/participant-documents';
import type { ParticipantsDeps } from '../deps';
import { hasConsent } from '../participant';
import { refuseWhileConsentRenewalDue } from '../consent/consent-current';
import { consentVersionList } from '../consent/consent-versions';
import { awaitingStepChange } from '../reminders/awaiting-step';
import type { StoredSurvey } from '../surveys/stored-survey';
import { surveyEvent } from '../surveys/survey-events';

const NOT_FOUND = 'No participant with this study ID.';

/** The email a participant uses at the providers: `{pgId}@{STUDY_EMAIL_HOST}` (domain.md section 6), lower case. */
export function studyEmail(pgId: string, host: string): string {
  return `${normalizePgId(pgId)}@${host.toLowerCase()}`;
}

/**
 * POST /api/user/tfresult ('Submit Results'): finds the participant's study email in the
 * TypeFinder inbox and completes the typeFinder survey with that type, publishing the
 * completion in the same write. Without a result the participant is asked to check the email
 * they used and retake the test. A survey completed already answers its stored type again.
 */
export async function claimTypeFinderResult(deps: ParticipantsDeps, pgId: string): Promise<TypeFinderClaimResponse> {
  let typeCode: string | undefined;
  const versions = await consentVersionList(deps);
  const outcome = await participantDocuments(deps).change(pgId, async (record) => {
    if (record.state !== 'active') throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
    const { participant } = record;
    if (!hasConsent(participant)) {
      throw new AppError(403, ErrorCodes.CONSENT_REQUIRED, 'Please consent and authorize the study on Open Humans before taking the surveys.');
    }
    refuseWhileConsentRenewalDue(participant, versions);
    const stored = participant.surveys.typeFinder;
    if (stored?.status === 'completed' && stored.typeCode !== undefined) {
      typeCode = stored.typeCode;
      return 'unchanged';
    }

    const row = await deps.typeFinderInbox.find(studyEmail(participant.pgId, deps.studyEmailHost));
    if (!row) {
      deps.logger.info({ pgId: participant.pgId }, 'no TypeFinder result for the study email');
      throw new AppError(404, ErrorCodes.TYPEFINDER_NO_MATCH, TYPEFINDER_NO_MATCH_MESSAGE);
    }
    const now = deps.now();
    const completed: StoredSurvey = { id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: row.typeCode, completedAt: now };
    const event = surveyEvent('completed', completed, { source: deps.service, pgId: participant.pgId, time: now });
    typeCode = row.typeCode;
    // The reminders' step moves on to Nardi.
    const awaiting = awaitingStepChange(record.stored, { ...participant, surveys: { ...participant.surveys, typeFinder: completed } });
    return { events: [event], write: (document) => deps.participants.saveSurveys(document, [completed], now, { awaiting }) };
  });
  if (outcome === 'erased' || typeCode === undefined) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  if (outcome === 'stored') deps.logger.info({ pgId: normalizePgId(pgId), typeCode }, 'TypeFinder result matched');
  return { typeCode };
}
