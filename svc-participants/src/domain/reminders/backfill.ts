import type { KeyedLock } from '@study/keyed-lock';
import type { Logger } from 'pino';
import { awaitingStateOf, type AwaitingSteps } from '../../data-access/awaiting-steps';
import { participantLockKey } from '../../data-access/participant-documents';
import type { RemindersRepository } from '../../data-access/reminders-repository';
import { awaitingStepOf, sameAwaiting } from './awaiting-step';

export const AWAITING_BACKFILL = 'awaiting-steps-v1';

/**
 * Gives documents written before the step fields existed their fields, each under the document's
 * lock: one pass, at start, until it has been recorded as done for the database (once it holds
 * participants).
 */
export async function backfillAwaitingSteps(deps: { awaiting: AwaitingSteps; reminders: RemindersRepository; lock: KeyedLock; logger: Logger; now(): Date }): Promise<void> {
  if (await deps.reminders.isMigrated(AWAITING_BACKFILL)) return;
  let updated = 0;
  for await (const doc of deps.awaiting.withoutFields()) {
    await deps.lock.run(participantLockKey(doc._id), async () => {
      const current = await deps.awaiting.read(doc._id);
      if (!current || current.erased === true) return;
      const next = awaitingStepOf(awaitingStateOf(current));
      if (current.awaitingStep !== undefined && sameAwaiting(current, next)) return;
      await deps.awaiting.store(doc._id, next);
      updated += 1;
    });
  }
  // Recorded once a participant is stored: a database with none stays as a fresh stack leaves it
  // (empty, so a backup can be restored into it), and the pass over nobody costs nothing.
  if (await deps.awaiting.anyStored()) await deps.reminders.recordMigrated(AWAITING_BACKFILL, deps.now());
  if (updated > 0) deps.logger.info({ updated }, 'participants given the step they wait at (for reminders)');
}
