import type { Db } from 'mongodb';
import { outboxLockKey } from '@study/event-bus';
import type { KeyedLock } from '@study/keyed-lock';
import type { ErasedParticipants } from './erased-participants';

/** A collection holding data about participants, and the field naming the participant (the pgId). */
export interface PersonalDataCollection {
  collection: string;
  pgIdField: string;
}

interface ErasureLogger {
  info(obj: object, msg?: string): void;
}

export interface EraseParticipantDeps {
  db: Db;
  lock: KeyedLock;
  logger: ErasureLogger;
  collections: readonly PersonalDataCollection[];
  erased: ErasedParticipants;
  now(): Date;
}

/**
 * The participant asked for erasure (participants.participant.erased.v1): remember that they
 * were erased (so no later event recreates their data; every writer checks under the
 * document's lock), then delete everything this service holds about them, in every listed
 * collection. Deleting what is already gone is a no-op, so a redelivered event does no harm.
 */
export async function eraseParticipant(deps: EraseParticipantDeps, pgId: string): Promise<{ deleted: number }> {
  await deps.erased.mark(pgId, deps.now());
  let deleted = 0;
  for (const { collection, pgIdField } of deps.collections) {
    const remove = async () => (await deps.db.collection(collection).deleteMany({ [pgIdField]: pgId })).deletedCount;
    // A document keyed by pgId may carry an outbox: like every write to it, the delete holds its lock.
    deleted += pgIdField === '_id' ? await deps.lock.run(outboxLockKey(collection, pgId), remove) : await remove();
  }
  deps.logger.info({ pgId, deleted }, 'participant data erased');
  return { deleted };
}
