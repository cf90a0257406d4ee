import { randomUUID } from 'node:crypto';
import { ErrorCodes, events, type ConsentResponse, type ParticipantConsentedData } from '@study/contracts';
import { eventOf } from '@study/event-bus';
import { AppError } from '@study/service-kit';
import { participantDocuments } from '../data-access/participant-documents';
import type { ParticipantsDeps } from './deps';
import { callOpenHumans } from './open-humans-failures';
import { newParticipant, type ConsentRecord } from './participant';
import { awaitingStepChange, awaitingStepOf } from './reminders/awaiting-step';

/** A link can only go stale through an erasure racing this consent; a few tries always settle it. */
const MAX_LINK_ATTEMPTS = 3;

/** What the consent page says the participant agreed to: the version it showed, and the 18+ certification. */
export interface ConsentAgreement {
  versionId: string;
  adult: true;
}

/** What Open Humans sent back to /return: the code, and the request this browser started, spent once. */
export interface AuthorizationAnswer {
  code: string;
  /** Spends this browser's authorization request (refused when foreign, stale or spent) and answers its PKCE verifier. */
  spendRequest: () => Promise<string>;
}

/**
 * POST /api/consent: the participant authorized the project on Open Humans and came back with
 * a code. Spend the request it answers (after the agreement is checked), exchange the code with
 * the request's PKCE verifier, read the member, and find or create their participant: one study ID per
 * project member, stable across re-authorizations. Consent, tokens and the consented event are
 * stored in one write, with the consent on record: the version agreed to (checked before the
 * code is spent), the 18+ certification, the time and the member.
 */
export async function giveConsent(deps: ParticipantsDeps, authorization: AuthorizationAnswer, agreement: ConsentAgreement): Promise<ConsentResponse> {
  const log = deps.logger;
  const version = await deps.consentVersions.find(agreement.versionId);
  if (!version) {
    throw new AppError(400, ErrorCodes.CONSENT_VERSION_UNKNOWN, `versionId: no consent text ${agreement.versionId} was published. Reload the consent page and agree again.`);
  }
  const codeVerifier = await authorization.spendRequest();
  const issued = await callOpenHumans(log, 'code exchange', () => deps.openHumans.exchangeCode(authorization.code, codeVerifier));
  const { tokens } = await callOpenHumans(log, 'token refresh', () => deps.openHumans.fresh(issued));
  const member = await callOpenHumans(log, 'member exchange', () => deps.openHumans.getMember(tokens.accessToken));

  for (let attempt = 1; attempt <= MAX_LINK_ATTEMPTS; attempt++) {
    const now = deps.now();
    const link = await deps.memberLinks.claim(member.projectMemberId, randomUUID(), now);
    if (!link) continue;
    const { pgId } = link;
    const outcome = await participantDocuments(deps).change(pgId, (record) => {
      const consent: ConsentRecord = {
        versionId: version.versionId,
        hash: version.hash,
        givenAt: now,
        adult: agreement.adult,
        memberId: member.projectMemberId,
        renewal: false,
      };
      const data: ParticipantConsentedData = {
        snpFileUploaded: member.snpFileUploaded,
        reauthorized: record.state === 'active',
        consentVersionId: version.versionId,
        consentHash: version.hash,
        adultCertified: true,
        renewal: false,
      };
      const consented = [eventOf(events.participantConsented, { source: deps.service, subject: pgId, data })];
      const linked = { consent: true, snpFileUploaded: member.snpFileUploaded, genotypeSources: member.genotypeSources, openHumans: { memberId: member.projectMemberId, authorized: true }, consentedAt: now };
      // The writer answers an erased participant itself: here they are missing or active.
      if (record.state !== 'active') {
        const participant = { ...newParticipant(pgId, now), consent: true, snpFileUploaded: member.snpFileUploaded, genotypeSources: member.genotypeSources };
        // The reminders' step: the TypeFinder test, from now.
        const awaiting = awaitingStepOf({ ...participant, ...linked });
        return { events: consented, write: (document) => deps.participants.insertConsented(document, participant, member.projectMemberId, tokens, consent, awaiting) };
      }
      // The reminders' step starts again from this consent (or none, once every assessment is done).
      const awaiting = awaitingStepChange(record.stored, { ...record.participant, ...linked });
      const change = { memberId: member.projectMemberId, tokens, snpFileUploaded: member.snpFileUploaded, genotypeSources: member.genotypeSources, now, consent, awaiting };
      return { events: consented, write: (document) => deps.participants.saveConsent(document, change) };
    });
    // The linked participant was erased and the link not yet removed: this member starts afresh.
    if (outcome === 'erased') {
      await deps.memberLinks.unlink(member.projectMemberId, pgId);
      continue;
    }
    log.info({ pgId, newParticipant: link.created, snpFileUploaded: member.snpFileUploaded, consentVersionId: version.versionId }, 'participant consented');
    return { pgId };
  }
  throw new Error('Could not link the Open Humans member to a participant: the link kept changing');
}
