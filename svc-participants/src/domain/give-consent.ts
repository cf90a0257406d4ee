import { randomUUID } from 'node:crypto';
import { EventTypes, type ConsentResponse, type ParticipantConsentedData } from '@study/contracts';
import { createEvent } from '@study/event-bus';
import { participantLockKey, participantOutbox } from '../data-access/participants-repository';
import type { ParticipantsDeps } from './deps';
import { callOpenHumans } from './open-humans-failures';
import { newParticipant } from './participant';

/** A link can only go stale through an erasure racing this consent; a few tries always settle it. */
const MAX_LINK_ATTEMPTS = 3;

/**
 * POST /api/consent: the participant authorized the project on Open Humans and came back with
 * a code. Exchange it, read the member, and find or create their participant: one study ID per
 * project member, stable across re-authorizations. Consent, tokens and the consented event are
 * stored in one write.
 */
export async function giveConsent(deps: ParticipantsDeps, code: string, correlationId: string): Promise<ConsentResponse> {
  const log = deps.logger;
  const issued = await callOpenHumans(log, 'code exchange', () => deps.openHumans.exchangeCode(code));
  const { tokens } = await callOpenHumans(log, 'token refresh', () => deps.openHumans.fresh(issued));
  const member = await callOpenHumans(log, 'member exchange', () => deps.openHumans.getMember(tokens.accessToken));

  for (let attempt = 1; attempt <= MAX_LINK_ATTEMPTS; attempt++) {
    const now = deps.now();
    const link = await deps.memberLinks.claim(member.projectMemberId, randomUUID(), now);
    if (!link) continue;
    const { pgId } = link;
    const stored = await deps.lock.run(participantLockKey(pgId), async () => {
      const record = await deps.participants.find(pgId);
      // The linked participant was erased and the link not yet removed: this member starts afresh.
      if (record.state === 'erased') return false;
      const data: ParticipantConsentedData = { snpFileUploaded: member.snpFileUploaded, reauthorized: record.state === 'active' };
      const event = createEvent({ type: EventTypes.participantConsented, source: deps.service, subject: pgId, data, correlationId });
      if (record.state === 'missing') {
        const participant = { ...newParticipant(pgId, now), consent: true, snpFileUploaded: member.snpFileUploaded };
        await deps.participants.insertConsented(participant, member.projectMemberId, tokens, event);
      } else {
        await deps.participants.saveConsent(pgId, { memberId: member.projectMemberId, tokens, snpFileUploaded: member.snpFileUploaded, now }, event);
      }
      return true;
    });
    if (!stored) {
      await deps.memberLinks.unlink(member.projectMemberId, pgId);
      continue;
    }
    deps.nudgeOutbox(...participantOutbox(pgId));
    log.info({ pgId, newParticipant: link.created, snpFileUploaded: member.snpFileUploaded }, 'participant consented');
    return { pgId };
  }
  throw new Error('Could not link the Open Humans member to a participant: the link kept changing');
}
