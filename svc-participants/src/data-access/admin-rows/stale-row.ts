import { randomUUID } from 'node:crypto';
import { FINAL_VERSION } from '@study/versioned-writes';

// The mark a participant write leaves for the admin rows (admin-rows.ts), apart so the participant
// repository can set it without depending on the rows.

/** Set on a participant document whose row is to be rebuilt (indexed). */
export const ADMIN_ROW_STALE = 'adminRowStale';
/** New with every write of a participant document: a mark is cleared only if the document was not written since its row was built. */
export const ADMIN_ROW_STAMP = 'adminRowStamp';
/** Counts the writes of a participant document: of two rows kept for one participant, the higher version is the newer. */
export const ADMIN_ROW_VERSION = 'adminRowVersion';
/** The version of a tombstone's row: erasure is final, nothing written before it may come back. */
export const ERASED_ROW_VERSION = FINAL_VERSION;

export interface StaleRowFields {
  [ADMIN_ROW_STALE]: true;
  [ADMIN_ROW_STAMP]: string;
}

/** The fields a participant write sets to mark its row for rebuilding (an update also increments ADMIN_ROW_VERSION). */
export function staleRowFields(): StaleRowFields {
  return { [ADMIN_ROW_STALE]: true, [ADMIN_ROW_STAMP]: randomUUID() };
}

/** The fields of a new participant document: marked, at version 1. */
export function newRowFields(): StaleRowFields & { [ADMIN_ROW_VERSION]: number } {
  return { ...staleRowFields(), [ADMIN_ROW_VERSION]: 1 };
}
