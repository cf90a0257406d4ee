import { ErrorCodes, events, type ConsentRenewResponse, type ParticipantConsentedData } from '@study/contracts';
import { eventOf } from '@study/event-bus';
import { AppError } from '@study/service-kit';
import { participantDocuments } from '../../data-access/participant-documents';
import type { ParticipantsDeps } from '../deps';
import type { ConsentRecord } from '../participant';
import { latestConsent } from './consent-rules';
import { currentConsentVersion } from './consent-versions';

/**
 * POST /api/consent/renew: the participant agrees to the current consent text on the dashboard
 * (no new Open Humans authorization). The consent is added to their record with the consented
 * event (a renewal) in one write. Agreeing again to the version already agreed to changes nothing.
 */
export async function renewConsent(deps: ParticipantsDeps, request: { pgId: string; versionId: string }): Promise<ConsentRenewResponse> {
  const current = await currentConsentVersion(deps);
  if (request.versionId !== current.versionId) {
    throw new AppError(
      409,
      ErrorCodes.CONSENT_VERSION_NOT_CURRENT,
      `versionId: ${request.versionId} is not the current consent text (${current.versionId} is). Reload the page to read the current text.`,
    );
  }
  let answer: ConsentRenewResponse | undefined;
  const outcome = await participantDocuments(deps).change<'unchanged' | 'missing' | 'withdrawn'>(request.pgId, (record) => {
    if (record.state !== 'active') return 'missing';
    const participant = record.participant;
    if (!participant.consent) return 'withdrawn';
    const latest = latestConsent(participant.consents);
    if (latest?.versionId === current.versionId) {
      answer = { versionId: current.versionId, givenAt: latest.givenAt.toISOString() };
      return 'unchanged';
    }
    const consent: ConsentRecord = {
      versionId: current.versionId,
      hash: current.hash,
      givenAt: deps.now(),
      adult: true,
      memberId: participant.openHumans?.memberId ?? null,
      renewal: true,
    };
    const data: ParticipantConsentedData = {
      snpFileUploaded: participant.snpFileUploaded,
      reauthorized: true,
      consentVersionId: current.versionId,
      consentHash: current.hash,
      adultCertified: true,
      renewal: true,
    };
    const consented = [eventOf(events.participantConsented, { source: deps.service, subject: participant.pgId, data })];
    answer = { versionId: current.versionId, givenAt: consent.givenAt.toISOString() };
    return { events: consented, write: (document) => deps.participants.recordConsent(document, consent) };
  });
  if (outcome === 'missing' || outcome === 'erased') throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, 'No participant with this study ID.');
  if (outcome === 'withdrawn') {
    throw new AppError(409, ErrorCodes.CONSENT_REQUIRED, 'The Open Humans authorization for this study ID was withdrawn: consent again on the consent page.');
  }
  if (!answer) throw new Error('A consent renewal ended without an answer');
  deps.logger.info({ pgId: request.pgId, consentVersionId: current.versionId, outcome }, 'consent renewed');
  return answer;
}
