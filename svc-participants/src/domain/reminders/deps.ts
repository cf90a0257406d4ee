import type { KeyedLock } from '@study/keyed-lock';
import type { AwaitingSteps } from '../../data-access/awaiting-steps';
import type { OpenHumansClient } from '../../data-access/open-humans';
import type { IntervalGate } from '../../data-access/interval-gate';
import type { RemindersRepository } from '../../data-access/reminders-repository';
import type { AuditDeps } from '../audit/record-audit';

/** What the reminder use cases work with. */
export interface ReminderDeps extends AuditDeps {
  awaiting: AwaitingSteps;
  reminders: RemindersRepository;
  gate: IntervalGate;
  lock: KeyedLock;
  openHumans: Pick<OpenHumansClient, 'messageMembers'>;
  /** The most members one send reaches. */
  maxPerSend: number;
  /** The least time between two sends (the gate's interval). */
  sendIntervalSeconds: number;
  newId(): string;
  /**
   * The platform no longer counts this member in the project, though no notice reached the study:
   * they left, and leave the study as the notice would have made them (withdrawn, data kept).
   */
  memberLeft(recipient: { pgId: string; memberId: string }): Promise<void>;
  /**
   * Sends the message to one member with their own Open Humans grant (refreshed as needed):
   * the way when the project's master token is refused. 'left' when Open Humans refuses the grant.
   */
  messageWithOwnGrant(recipient: { pgId: string; memberId: string }, message: { subject: string; message: string }): Promise<'sent' | 'left'>;
}

/** What the service wires into the reminders from the rest of svc-participants. */
export type ReminderParticipantPorts = Pick<ReminderDeps, 'memberLeft' | 'messageWithOwnGrant'>;
