import type { Collection } from 'mongodb';
import { OUTBOX_FIELD, PENDING_OUTBOX_FILTER } from './outbox';

/** What waits in one collection's outboxes. */
export interface OutboxBacklog {
  collection: string;
  /** Documents whose outbox holds events not yet published. */
  documents: number;
  /** Seconds since the oldest of those events was made; 0 when none waits. */
  oldestEventAgeSeconds: number;
}

/** Marks the backlog's reads (the command's `comment`), so the command counter can keep them apart from the service's own work. */
export const OUTBOX_BACKLOG_COMMENT = 'outbox-backlog';

/**
 * Pending documents read per collection for the oldest event's age. Beyond it the count comes
 * from a second (indexed) query and the age is the oldest among those read: a lower bound. Kept
 * small: an outbox is read whole (FerretDB 1.24 has no $slice projection) and an event may carry
 * a report's PDF.
 */
export const OUTBOX_BACKLOG_READ_LIMIT = 100;

function eventTime(entry: unknown): number | undefined {
  try {
    const event: unknown = typeof entry === 'string' ? JSON.parse(entry) : entry;
    const time = Date.parse(String((event as { time?: unknown } | null)?.time));
    return Number.isNaN(time) ? undefined : time;
  } catch {
    return undefined;
  }
}

/**
 * The outbox backlog of each collection: one query through the outbox index (OUTBOX_INDEX) for
 * the pending documents' outboxes (the first event of each is its oldest), and a count only when
 * that read was full. Nothing pending, the usual case, is one command per collection.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readOutboxBacklog(collections: readonly Collection<any>[], now: Date): Promise<OutboxBacklog[]> {
  return Promise.all(
    collections.map(async (collection) => {
      const docs = await collection
        .find(PENDING_OUTBOX_FILTER, {
          projection: { [OUTBOX_FIELD]: 1 },
          limit: OUTBOX_BACKLOG_READ_LIMIT,
          batchSize: OUTBOX_BACKLOG_READ_LIMIT,
          comment: OUTBOX_BACKLOG_COMMENT,
        })
        .toArray();
      const documents = docs.length < OUTBOX_BACKLOG_READ_LIMIT ? docs.length : await collection.countDocuments(PENDING_OUTBOX_FILTER, { comment: OUTBOX_BACKLOG_COMMENT });
      let oldest: number | undefined;
      for (const doc of docs) {
        const entries: unknown = doc[OUTBOX_FIELD];
        const time = Array.isArray(entries) ? eventTime(entries[0]) : undefined;
        if (time !== undefined && (oldest === undefined || time < oldest)) oldest = time;
      }
      const oldestEventAgeSeconds = oldest === undefined ? 0 : Math.max(0, (now.getTime() - oldest) / 1000);
      return { collection: collection.collectionName, documents, oldestEventAgeSeconds };
    }),
  );
}
