import type { KeyedLock } from '@study/keyed-lock';
import type { RemindersRepository } from '../../data-access/reminders-repository';

/** The lock around every write of one send's record: its end, and an erasure taking a participant out of it. */
export const reminderSendLockKey = (sendId: string) => `reminder-send:${sendId}`;

/**
 * Erasure: the participant's reminder claims go, and they leave the record of every send that
 * reached them (found through those claims, which name the send). Repeating it changes nothing.
 */
export async function forgetReminders(deps: { reminders: RemindersRepository; lock: KeyedLock }, pgId: string, memberId: string | undefined): Promise<void> {
  const claims = await deps.reminders.claimsOf(pgId);
  for (const sendId of new Set(claims.map((claim) => claim.sendId))) {
    await deps.lock.run(reminderSendLockKey(sendId), () => deps.reminders.forgetInSend(sendId, pgId, memberId));
  }
  // Last: while a claim is left, a repeated erasure still finds the sends to clean.
  await deps.reminders.removeClaims(pgId);
}
