import { outboxFields, outboxLockKey, withOutbox, type CloudEvent } from '@study/event-bus';
import type { KeyedLock } from '@study/keyed-lock';
import type { Collection, Document, OptionalUnlessRequiredId, UpdateFilter } from 'mongodb';

/**
 * What a change did: 'stored' (written), 'unchanged' or 'stale' (decide found nothing to write),
 * 'erased' (the participant asked for erasure: nothing is written for them, ever).
 */
export type ApplyOutcome = 'stored' | 'unchanged' | 'stale' | 'erased';

/** A document's fields as a change inserts or replaces them: the writer adds `_id` and the outbox. */
export type DocumentFields<TDoc> = Omit<TDoc, '_id' | 'outbox' | 'outboxPending'>;

/**
 * The one document a change writes, handed to `write` while the document's lock is held. Each
 * method stores the change's events in the same write (outbox); a change writes once.
 */
export interface LockedDocument<TDoc> {
  /** The document's `_id`. */
  readonly id: string;
  update(update: UpdateFilter<TDoc>, options?: { upsert?: boolean }): Promise<void>;
  /** A new document; one with the same `_id` makes this fail (duplicate key). */
  insert(fields: DocumentFields<TDoc>): Promise<void>;
  /** The whole document replaced: pending events it held go with it. */
  replace(fields: DocumentFields<TDoc>): Promise<void>;
}

/** What decide answers when something is to be written: the events it causes and the write itself. */
export interface Change<TDoc> {
  events?: CloudEvent[];
  write(document: LockedDocument<TDoc>): Promise<void>;
}

/** What decide answers: why nothing is written, or the change to write. */
export type Decision<TDoc, R extends string> = NoInfer<R> | Change<TDoc>;

/** The collection operations a writer uses (a mongodb Collection has them). */
export type DocumentCollection<TDoc extends Document> = Pick<Collection<TDoc>, 'findOne' | 'updateOne' | 'insertOne' | 'replaceOne'>;

interface WriterOptions<TDoc extends Document, TState> {
  /** The collection's name: the lock key and the relay's nudge name the document by it. */
  collectionName: string;
  collection: DocumentCollection<TDoc>;
  /** Serializes the writes of one document, the outbox relay's included. */
  lock: KeyedLock;
  /** Wakes the outbox relay for one document. */
  nudgeOutbox(collectionName: string, id: string): void;
  /** True when the participant was erased; asked under the lock, after the read. */
  isErased(id: string, state: TState): boolean | Promise<boolean>;
  /** The document `_id` of an id as callers give it (e.g. lower case); default: the id itself. */
  documentId?(id: string): string;
}

export type DocumentWriterOptions<TDoc extends Document, TState> = WriterOptions<TDoc, TState> & {
  /** What decide sees, read under the lock; default: the document without its outbox, or null. */
  read?(id: string): Promise<TState>;
};

/**
 * The keyed-lock key a writer holds for one document, the key the outbox relay holds while it
 * removes published events: the collection's name and the document's `_id`.
 */
export function documentLockKey(collectionName: string, documentId: string): string {
  return outboxLockKey(collectionName, documentId);
}

/** Writes documents that carry an outbox, each change under the document's lock. */
export interface DocumentWriter<TDoc, TState> {
  /**
   * Under the document's lock: reads it, answers 'erased' for an erased participant, else asks
   * `decide`, which answers why nothing is written (a string, answered back) or a Change. The
   * Change's write and its events are stored together; the relay is nudged afterwards, also
   * when the write failed (the database may have stored it before the connection dropped). An
   * error thrown by `decide` or the write comes back as is, after the lock is released. The
   * reasons decide may give are 'unchanged' and 'stale' unless `R` names others.
   */
  change<R extends string = 'unchanged' | 'stale'>(id: string, decide: (state: TState) => Decision<TDoc, R> | Promise<Decision<TDoc, R>>): Promise<R | 'stored' | 'erased'>;
  /** Wakes the relay for the document, e.g. for the resend of a write whose answer was lost. */
  nudge(id: string): void;
}

/** A writer whose decide sees the document as stored, without its outbox (null when there is none). */
export function createDocumentWriter<TDoc extends { _id: string }>(options: WriterOptions<TDoc, TDoc | null>): DocumentWriter<TDoc, TDoc | null>;
/** A writer whose decide sees what `read` makes of the document (e.g. the document with what other collections add). */
export function createDocumentWriter<TDoc extends { _id: string }, TState>(
  options: WriterOptions<TDoc, TState> & { read(id: string): Promise<TState> },
): DocumentWriter<TDoc, TState>;
export function createDocumentWriter<TDoc extends { _id: string }, TState>(options: DocumentWriterOptions<TDoc, TState>): DocumentWriter<TDoc, TState> {
  const documentId = (id: string) => options.documentId?.(id) ?? id;
  const read =
    options.read ??
    ((id: string) => options.collection.findOne({ _id: id } as never, { projection: { outbox: 0 } }) as Promise<TState>);
  const nudge = (id: string) => options.nudgeOutbox(options.collectionName, id);

  return {
    nudge: (id) => nudge(documentId(id)),
    async change(givenId, decide) {
      const id = documentId(givenId);
      return options.lock.run(documentLockKey(options.collectionName, id), async () => {
        const state = await read(id);
        if (await options.isErased(id, state)) return 'erased' as const;
        const decision = await decide(state);
        if (typeof decision === 'string') return decision;
        const events = decision.events ?? [];
        const document = lockedDocument(options.collection, id, events);
        try {
          await decision.write(document.target);
        } finally {
          document.close();
          // Also after a failed write: its events may be stored (a nudge without them costs one read).
          if (events.length > 0) nudge(id);
        }
        if (events.length > 0 && !document.written()) throw new Error(`A change of ${options.collectionName} ${id} has events but wrote nothing: they would be lost`);
        return 'stored' as const;
      });
    },
  };
}

/** The write handle of one change: usable once, and only until the change's write returned. */
function lockedDocument<TDoc extends { _id: string }>(collection: DocumentCollection<TDoc>, id: string, events: CloudEvent[]) {
  let written = false;
  let closed = false;
  const claim = () => {
    if (closed) throw new Error(`The document ${id} was written after its change ended (its lock is no longer held)`);
    if (written) throw new Error(`The document ${id} was written twice in one change; its events go in one write`);
    written = true;
  };
  const withEvents = (fields: DocumentFields<TDoc>) => ({ _id: id, ...fields, ...(events.length > 0 ? outboxFields(...events) : {}) }) as unknown as OptionalUnlessRequiredId<TDoc>;
  const target: LockedDocument<TDoc> = {
    id,
    async update(update, options) {
      claim();
      await collection.updateOne({ _id: id } as never, withOutbox<TDoc>(update, ...events), ...(options?.upsert ? [{ upsert: true }] : []));
    },
    async insert(fields) {
      claim();
      await collection.insertOne(withEvents(fields));
    },
    async replace(fields) {
      claim();
      await collection.replaceOne({ _id: id } as never, withEvents(fields) as never);
    },
  };
  return { target, written: () => written, close: () => (closed = true) };
}
