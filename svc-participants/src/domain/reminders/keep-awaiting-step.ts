import type { LockedDocument } from '@study/document-writes';
import { afterUpdate, type AwaitingSource } from '../../data-access/awaiting-steps';
import type { ParticipantDocument } from '../../data-access/participants-repository';
import { awaitingStepOf, sameAwaiting } from './awaiting-step';

/**
 * The participant document's write handle, keeping the derived step fields (awaitingStep,
 * awaitingSince: what the reminders look participants up by, indexed) right in the same write:
 * the document as the write leaves it is worked out from the document as read under the same
 * lock (`before`, null when there was none), and the fields are added to the write when they
 * change.
 */
export function keepingAwaitingStep(document: LockedDocument<ParticipantDocument>, before: AwaitingSource | null): LockedDocument<ParticipantDocument> {
  return {
    id: document.id,
    async update(update, options) {
      const next = awaitingStepOf(afterUpdate<AwaitingSource>(before, update as never));
      if (before && sameAwaiting(before, next)) return document.update(update, options);
      const set = { ...((update as { $set?: object }).$set ?? {}), ...next };
      return document.update({ ...update, $set: set } as typeof update, options);
    },
    async insert(fields) {
      return document.insert({ ...fields, ...awaitingStepOf(fields as AwaitingSource) } as typeof fields);
    },
    async replace(fields) {
      // A tombstone keeps nothing but the erasure.
      if ((fields as AwaitingSource).erased === true) return document.replace(fields);
      return document.replace({ ...fields, ...awaitingStepOf(fields as AwaitingSource) } as typeof fields);
    },
  };
}
