import type { Collection, UpdateFilter } from 'mongodb';
import { parseCloudEvent, type CloudEvent } from './cloud-event';

/** The array field that holds a document's pending events. */
export const OUTBOX_FIELD = 'outbox';

/**
 * One pending event as stored: the CloudEvent as JSON text. Nothing queries inside a pending
 * event, and one string is one field for the database to convert where the event's fields were
 * twenty (FerretDB converts every field it reads or writes); a string also matches exactly when
 * the relay removes it, so no read is needed to check the removal. Entries an earlier release
 * stored as documents are still read (outboxEvents) and removed.
 */
export type OutboxEntry = string;

/** The stored form of an event in an outbox. */
export function outboxEntry(event: CloudEvent): OutboxEntry {
  return JSON.stringify(event);
}

/** The events of an outbox as stored, coded or (from an earlier release) as documents. */
export function outboxEvents(entries: readonly unknown[] | null | undefined): CloudEvent[] {
  return (entries ?? []).map((entry) => parseCloudEvent(JSON.parse(typeof entry === 'string' ? entry : JSON.stringify(entry))));
}

/**
 * `true` while the document's outbox may hold events: set in the same write that adds them,
 * removed by the relay (under the document's lock) once the outbox is empty. Unlike "the outbox
 * is not empty", an equality on a top-level field is answered from an index on MongoDB and on
 * FerretDB, so the relay's safety sweep never reads a whole collection.
 */
export const OUTBOX_PENDING_FIELD = 'outboxPending';

/** Documents with pending events, answered from OUTBOX_INDEX. */
export const PENDING_OUTBOX_FILTER = { [OUTBOX_PENDING_FIELD]: true } as const;

/** The index the relay's sweep reads; the relay creates it on each of its collections. */
export const OUTBOX_INDEX = { key: { [OUTBOX_PENDING_FIELD]: 1 }, name: `${OUTBOX_PENDING_FIELD}_1` } as const;

/** Creates OUTBOX_INDEX on a collection (idempotent). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ensureOutboxIndex(collection: Collection<any>): Promise<void> {
  await collection.createIndex(OUTBOX_INDEX.key, { name: OUTBOX_INDEX.name });
}

/**
 * The outbox fields of a document that is inserted or replaced whole together with its events:
 * `{ ...doc, ...outboxFields(event) }`. Checks the events as withOutbox does.
 */
export function outboxFields(...events: CloudEvent[]): { [OUTBOX_FIELD]: OutboxEntry[]; [OUTBOX_PENDING_FIELD]?: true } {
  checkEvents(events);
  return events.length > 0 ? { [OUTBOX_FIELD]: events.map(outboxEntry), [OUTBOX_PENDING_FIELD]: true } : { [OUTBOX_FIELD]: [] };
}

function checkEvents(events: CloudEvent[]): void {
  for (const event of events) {
    parseCloudEvent(event);
    assertStorable(event.data, `event ${event.id} data`);
  }
}

/**
 * The keyed-lock key for one document. Every write to a document with an outbox must hold
 * this key, so that the relay's removal of published events and the owner's writes never
 * interleave (FerretDB 1.x applies an update as read, apply, write).
 */
export function outboxLockKey(collectionName: string, id: unknown): string {
  return `${collectionName}:${String(id)}`;
}

/**
 * Adds `events` to the document's outbox in the same update as the state change, so the change
 * and the events it causes are stored (or lost) together: `$push: { outbox: { $each: entries } }`
 * and `$set: { outboxPending: true }`. Throws if an event is not a valid CloudEvent or could not
 * be stored on FerretDB.
 */
export function withOutbox<T>(update: UpdateFilter<T>, ...events: CloudEvent[]): UpdateFilter<T> {
  if (Array.isArray(update)) throw new TypeError('withOutbox needs an update document, not an aggregation pipeline');
  if (events.length === 0) return update;
  checkEvents(events);
  const existingPush = (update as { $push?: Record<string, unknown> }).$push ?? {};
  if (OUTBOX_FIELD in existingPush) throw new Error(`The update already pushes to "${OUTBOX_FIELD}"; pass all events to one withOutbox call`);
  const setsOutbox = Object.entries(update as Record<string, unknown>).some(
    ([operator, fields]) =>
      fields !== null && typeof fields === 'object' && ((operator !== '$push' && OUTBOX_FIELD in (fields as object)) || OUTBOX_PENDING_FIELD in (fields as object)),
  );
  if (setsOutbox) throw new Error(`The update already writes "${OUTBOX_FIELD}" or "${OUTBOX_PENDING_FIELD}"; they are reserved for pending events`);
  const existingSet = (update as { $set?: Record<string, unknown> }).$set ?? {};
  return {
    ...update,
    $set: { ...existingSet, [OUTBOX_PENDING_FIELD]: true },
    $push: { ...existingPush, [OUTBOX_FIELD]: { $each: events.map(outboxEntry) } },
  } as unknown as UpdateFilter<T>;
}

/**
 * FerretDB 1.24 rejects arrays directly inside arrays and keys containing '.' or starting with
 * '$'; catching them here names the event instead of failing the whole write later.
 */
export function assertStorable(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (Array.isArray(item)) throw new TypeError(`${path}[${i}] is an array inside an array, which the database cannot store`);
      assertStorable(item, `${path}[${i}]`);
    });
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('.') || key.startsWith('$')) throw new TypeError(`${path} has the key "${key}"; keys must not contain '.' or start with '$'`);
    assertStorable(item, `${path}.${key}`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
