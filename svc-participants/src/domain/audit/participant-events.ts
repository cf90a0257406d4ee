import { AuditActions, type ConsentWithdrawnData, type ParticipantConsentedData, type ParticipantErasedData } from '@study/contracts';
import { recordAudit, type AuditDeps } from './record-audit';

/** The event an entry records: its id becomes the entry's, so a redelivery adds nothing. */
export interface RecordedEvent {
  id: string;
  time: Date;
  pgId: string;
}

/** participants.participant.consented.v1 -> consent.given, or consent.renewed for a newer text (by the participant), with the version agreed to. */
export function auditConsent(deps: AuditDeps, event: RecordedEvent, data: ParticipantConsentedData) {
  return recordAudit(deps, {
    id: event.id,
    at: event.time,
    action: data.renewal ? AuditActions.consentRenewed : AuditActions.consentGiven,
    actor: 'participant',
    pgId: event.pgId,
    details: {
      reauthorized: data.reauthorized,
      snpFileUploaded: data.snpFileUploaded,
      consentVersion: data.consentVersionId ?? null,
      adultCertified: data.adultCertified ?? null,
    },
  });
}

/** participants.consent.withdrawn.v1 -> consent.withdrawn (by whoever asked). */
export function auditWithdrawal(deps: AuditDeps, event: RecordedEvent, data: ConsentWithdrawnData) {
  return recordAudit(deps, { id: event.id, at: event.time, action: AuditActions.consentWithdrawn, actor: data.initiatedBy, pgId: event.pgId });
}

/** participants.participant.erased.v1 -> participant.erased (Open Humans' deauthorization unless it says otherwise). */
export function auditErasure(deps: AuditDeps, event: RecordedEvent, data: ParticipantErasedData) {
  return recordAudit(deps, { id: event.id, at: event.time, action: AuditActions.participantErased, actor: data.initiatedBy ?? 'open-humans', pgId: event.pgId });
}
