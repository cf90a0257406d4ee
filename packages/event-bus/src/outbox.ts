import type { UpdateFilter } from 'mongodb';
import { parseCloudEvent, type CloudEvent } from './cloud-event';

/** The array field that holds a document's pending events. */
export const OUTBOX_FIELD = 'outbox';

/** Documents with at least one pending event (works on MongoDB and FerretDB 1.x). */
export const PENDING_OUTBOX_FILTER = { [`${OUTBOX_FIELD}.0`]: { $exists: true } } as const;

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
 * and the events it causes are stored (or lost) together: `$push: { outbox: { $each: events } }`.
 * Throws if an event is not a valid CloudEvent or could not be stored on FerretDB.
 */
export function withOutbox<T>(update: UpdateFilter<T>, ...events: CloudEvent[]): UpdateFilter<T> {
  if (Array.isArray(update)) throw new TypeError('withOutbox needs an update document, not an aggregation pipeline');
  if (events.length === 0) return update;
  for (const event of events) {
    parseCloudEvent(event);
    assertStorable(event.data, `event ${event.id} data`);
  }
  const existingPush = (update as { $push?: Record<string, unknown> }).$push ?? {};
  if (OUTBOX_FIELD in existingPush) throw new Error(`The update already pushes to "${OUTBOX_FIELD}"; pass all events to one withOutbox call`);
  const setsOutbox = Object.entries(update as Record<string, unknown>).some(
    ([operator, fields]) => operator !== '$push' && fields !== null && typeof fields === 'object' && OUTBOX_FIELD in (fields as object),
  );
  if (setsOutbox) throw new Error(`The update already writes "${OUTBOX_FIELD}"; it is reserved for pending events`);
  return { ...update, $push: { ...existingPush, [OUTBOX_FIELD]: { $each: events } } } as unknown as UpdateFilter<T>;
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
