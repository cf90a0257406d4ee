import type { Logger } from 'pino';
import type { KeyedLock } from '@study/keyed-lock';
import type { AdminRows } from '../../data-access/admin-rows/admin-rows';
import type { AuditLogRepository } from '../../data-access/audit-log-repository';
import type { MbtiScoresRepository } from '../../data-access/mbti-scores-repository';
import type { PseudonymOf } from './study-pseudonym';

/** What the admin use cases work with. */
export interface AdminDeps {
  /** e.g. 'svc-participants': the source of the events it publishes. */
  service: string;
  /** The study team's read model: a row per participant, with their MBTI result. */
  rows: AdminRows;
  mbtiScores: MbtiScoresRepository;
  /** Serializes uploads, and the writes of an existing MBTI result (mbtiScoresLockKey). */
  lock: KeyedLock;
  /** Publish queued events now rather than on the relay's next pass. */
  /** After a write that queued events: the document's collection and _id (none: the relay's sweep). */
  nudgeOutbox(collection?: string, id?: unknown): void;
  /** The audit trail every admin action is recorded in first (recordAudit). */
  auditLog: AuditLogRepository;
  /** Values never stored in the audit trail (the master key). */
  auditSecrets: readonly string[];
  /** The participant's pseudonym in the statistics and the analysis export. */
  pseudonymOf: PseudonymOf;
  logger: Logger;
  now(): Date;
}
