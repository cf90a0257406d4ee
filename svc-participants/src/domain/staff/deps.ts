import type { Logger } from 'pino';
import type { KeyedLock } from '@study/keyed-lock';
import type { LoginLockout, RelyingParty } from '@study/staff-auth';
import type { AuditLogRepository } from '../../data-access/audit-log-repository';
import type { StaffAccountsRepository } from '../../data-access/staff-accounts-repository';
import type { StaffSessions } from '../../data-access/staff-sessions';

/** What the study team's account use cases need. */
export interface StaffDeps {
  accounts: StaffAccountsRepository;
  sessions: StaffSessions;
  /** Failed sign-ins per account and per address, counted before each check. */
  lockout: LoginLockout;
  /** This deployment as WebAuthn names it (passkeys are bound to its host and origin). */
  relyingParty: RelyingParty;
  auditLog: AuditLogRepository;
  /** Changes to the team's roles run one at a time, across instances (the study keeps an owner). */
  lock: KeyedLock;
  auditSecrets: readonly string[];
  logger: Logger;
  now(): Date;
  newId(): string;
}
