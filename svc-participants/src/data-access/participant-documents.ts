import { createDocumentWriter, documentLockKey, type Decision, type DocumentWriter, type LockedDocument } from '@study/document-writes';
import type { KeyedLock } from '@study/keyed-lock';
import { normalizePgId } from '@study/personality';
import { ADMIN_ROW_VERSION, ERASED_ROW_VERSION, newRowFields, staleRowFields } from './admin-rows/stale-row';
import { MBTI_SCORES_COLLECTION } from './mbti-scores-repository';
import { PARTICIPANTS_COLLECTION, type ParticipantDocument, type ParticipantRecord, type ParticipantsRepository } from './participants-repository';

/** The keyed-lock key every write of one participant document holds (the outbox relay's too). */
export function participantLockKey(pgId: string): string {
  return documentLockKey(PARTICIPANTS_COLLECTION, normalizePgId(pgId));
}

/** The keyed-lock key every write of an existing mbti-scores document holds (the outbox relay's too). */
export function mbtiScoresLockKey(pgId: string): string {
  return documentLockKey(MBTI_SCORES_COLLECTION, normalizePgId(pgId));
}

/** What the participant documents' writes work with. */
export interface ParticipantWriting {
  participants: ParticipantsRepository;
  /** Serializes the writes of one participant document (participantLockKey). */
  lock: KeyedLock;
  /** After a write that queued events: the document's collection and _id. */
  nudgeOutbox(collection?: string, id?: unknown): void;
}

/**
 * The participant documents: each change under the document's lock, decided on the participant
 * as stored, its events in the same write. A tombstone (an erased participant) is never written
 * again. Every write also marks the participant's admin row for rebuilding, in the same write
 * (the read model's bookkeeping: what the change stores, and the reminders' step with it, is the
 * use case's). `withMbti` reads their official MBTI result too (a second read), for a change that
 * answers the dashboard's view.
 */
export function participantDocuments(deps: ParticipantWriting, options: { withMbti?: boolean } = {}): DocumentWriter<ParticipantDocument, ParticipantRecord> {
  const writer = createDocumentWriter<ParticipantDocument, ParticipantRecord>({
    collectionName: PARTICIPANTS_COLLECTION,
    collection: deps.participants.collection,
    lock: deps.lock,
    nudgeOutbox: (collection, id) => deps.nudgeOutbox(collection, id),
    documentId: normalizePgId,
    read: (pgId) => deps.participants.find(pgId, { withMbti: options.withMbti === true }),
    isErased: (_pgId, record) => record.state === 'erased',
  });
  return {
    nudge: (id) => writer.nudge(id),
    change: <R extends string = 'unchanged' | 'stale'>(id: string, decide: (state: ParticipantRecord) => Decision<ParticipantDocument, R> | Promise<Decision<ParticipantDocument, R>>) =>
      writer.change<R>(id, async (state) => {
        const decision = await decide(state);
        if (typeof decision === 'string') return decision;
        return { ...decision, write: (document) => decision.write(markingAdminRow(document)) };
      }),
  };
}

/**
 * The write handle, marking the participant's admin row for rebuilding in the same write, with
 * the document's next version (admin-rows.ts). Only an erasure replaces a participant document.
 */
function markingAdminRow(document: LockedDocument<ParticipantDocument>): LockedDocument<ParticipantDocument> {
  return {
    id: document.id,
    update: (update, options) => {
      const { $set, $inc } = update as { $set?: object; $inc?: object };
      return document.update({ ...update, $set: { ...$set, ...staleRowFields() }, $inc: { ...$inc, [ADMIN_ROW_VERSION]: 1 } } as typeof update, options);
    },
    insert: (fields) => document.insert({ ...fields, ...newRowFields() }),
    replace: (fields) => document.replace({ ...fields, ...staleRowFields(), [ADMIN_ROW_VERSION]: ERASED_ROW_VERSION }),
  };
}
