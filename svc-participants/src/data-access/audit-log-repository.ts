import { MongoServerError, type Collection, type Db, type Filter, type FindCursor } from 'mongodb';
import type { AuditAction, AuditActor, AuditBy, AuditDetails } from '@study/contracts';

export const AUDIT_LOG_COLLECTION = 'audit-log';

/** One audit entry as stored: `_id` is a new UUID, or the id of the event it records. */
export interface AuditLogDocument {
  _id: string;
  at: Date;
  action: AuditAction;
  actor: AuditActor;
  /** The person of the study team (or the master key) behind an 'admin' entry. */
  by?: AuditBy;
  pgId?: string;
  details: AuditDetails;
}

/** What the list and the export select: each field optional; `from` inclusive, `until` exclusive. */
export interface AuditSelection {
  action?: AuditAction;
  /** Only these actions (the earlier release's route). */
  actions?: readonly AuditAction[];
  /** One person's entries (their staff id), or the master key's. */
  by?: string;
  actor?: AuditActor;
  pgId?: string;
  from?: Date;
  until?: Date;
}

/** Where a page starts: the entries strictly older (by time, then id) than this one. */
export interface AuditPosition {
  at: Date;
  id: string;
}

const DUPLICATE_KEY = 11000;
/** Newest first; the id breaks ties between entries of the same millisecond. */
const NEWEST_FIRST = { at: -1, _id: -1 } as const;

/**
 * The audit log: append-only. This class inserts and reads; there is no method that changes
 * or removes an entry, and nothing else in the service writes the collection (erasure deletes
 * the participant's documents elsewhere, never these).
 */
export class AuditLogRepository {
  readonly collection: Collection<AuditLogDocument>;

  constructor(db: Db) {
    this.collection = db.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION);
  }

  /** The indexes behind the listing order and each filter (with the time range). */
  async ensureIndexes(): Promise<void> {
    // One at a time: FerretDB 1.24 drops the connection when several indexes that exist already come in one command.
    await this.collection.createIndex(NEWEST_FIRST, { name: 'at_-1__id_-1' });
    await this.collection.createIndex({ action: 1, at: -1 }, { name: 'action_1_at_-1' });
    await this.collection.createIndex({ actor: 1, at: -1 }, { name: 'actor_1_at_-1' });
    await this.collection.createIndex({ pgId: 1, at: -1 }, { name: 'pgId_1_at_-1' });
    await this.collection.createIndex({ 'by.staffId': 1, at: -1 }, { name: 'by.staffId_1_at_-1', sparse: true });
  }

  /**
   * Adds one entry; false when an entry with this `_id` is there already (an event delivered
   * again). Any other refusal (another unique index, say) is an error: the entry is not stored.
   */
  async append(entry: AuditLogDocument): Promise<boolean> {
    try {
      await this.collection.insertOne(entry);
      return true;
    } catch (err) {
      if (err instanceof MongoServerError && err.code === DUPLICATE_KEY && (await this.collection.countDocuments({ _id: entry._id }, { limit: 1 })) > 0) return false;
      throw err;
    }
  }

  /** Up to `limit` entries, newest first, older than `before` when given. */
  async page(selection: AuditSelection, before: AuditPosition | undefined, limit: number): Promise<AuditLogDocument[]> {
    const filter = filterOf(selection);
    if (before) filter.$or = [{ at: { $lt: before.at } }, { at: before.at, _id: { $lt: before.id } }];
    return this.collection.find(filter).sort(NEWEST_FIRST).limit(limit).toArray();
  }

  /** Every selected entry, newest first, read from a cursor (the export); close it when done early. */
  stream(selection: AuditSelection): FindCursor<AuditLogDocument> {
    return this.collection.find(filterOf(selection), { batchSize: 500 }).sort(NEWEST_FIRST);
  }
}

function filterOf(selection: AuditSelection): Filter<AuditLogDocument> {
  const filter: Filter<AuditLogDocument> = {};
  if (selection.action) filter.action = selection.action;
  else if (selection.actions) filter.action = { $in: [...selection.actions] };
  if (selection.by === 'master-key' || selection.by === 'command-line') filter['by.kind'] = selection.by;
  else if (selection.by) filter['by.staffId'] = selection.by;
  if (selection.actor) filter.actor = selection.actor;
  if (selection.pgId) filter.pgId = selection.pgId;
  if (selection.from || selection.until) {
    filter.at = { ...(selection.from ? { $gte: selection.from } : {}), ...(selection.until ? { $lt: selection.until } : {}) };
  }
  return filter;
}
