import type { Logger } from 'pino';
import type { KeyedLock } from '@study/keyed-lock';
import type { ConsentVersionsRepository } from '../data-access/consent-versions-repository';
import type { AuditLogRepository } from '../data-access/audit-log-repository';
import type { RemindersRepository } from '../data-access/reminders-repository';
import type { MbtiScoresRepository } from '../data-access/mbti-scores-repository';
import type { MemberLinksRepository } from '../data-access/member-links-repository';
import type { OpenHumansClient } from '../data-access/open-humans';
import type { ParticipantsRepository } from '../data-access/participants-repository';
import type { TypeFinderInboxRepository } from '../data-access/typefinder-inbox-repository';

/** What the participant use cases work with. */
export interface ParticipantsDeps {
  /** e.g. 'svc-participants': the source of the events it publishes. */
  service: string;
  participants: ParticipantsRepository;
  memberLinks: MemberLinksRepository;
  openHumans: OpenHumansClient;
  /** TypeFinder results waiting to be matched to participants by study email. */
  typeFinderInbox: TypeFinderInboxRepository;
  /** The published consent texts (insert-only). */
  consentVersions: ConsentVersionsRepository;
  /** The official MBTI results uploaded by the study team (removed on erasure). */
  mbtiResults: MbtiScoresRepository;
  /** The host of study emails `{pgId}@{host}`. */
  studyEmailHost: string;
  /** Serializes the writes of one participant document (participantLockKey). */
  lock: KeyedLock;
  /** Reminder claims and sends: an erasure takes the participant out of them. */
  reminders: RemindersRepository;
  /** After a write that queued events: publish them now, the document's collection and _id (none: the relay's sweep). */
  nudgeOutbox(collection?: string, id?: unknown): void;
  /** Tells the participant's open result streams (on every instance) to send what is stored now. */
  resultsChanged(pgId: string): void;
  /** The audit trail (recordAudit): consents, withdrawals and erasures, from this service's own events. */
  auditLog: AuditLogRepository;
  /** Values never stored in the audit trail (the master key). */
  auditSecrets: readonly string[];
  logger: Logger;
  now(): Date;
}
