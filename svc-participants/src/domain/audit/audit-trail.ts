import {
  AUDIT_CURSOR_PATTERN,
  auditPersonLabel,
  AUDIT_PAGE_SIZE,
  auditRangeEnd,
  auditRangeStart,
  type AuditBy,
  type AuditDetails,
  type AuditAction,
  type AuditEntry,
  type AuditFilters,
  type AuditPage,
} from '@study/contracts';
import type { AuditLogDocument, AuditLogRepository, AuditPosition, AuditSelection } from '../../data-access/audit-log-repository';
import type { CsvValue } from '../admin/csv';

/** What the filters select (dates as the UTC days or instants they name; `to` inclusive). */
export function auditSelection(filters: AuditFilters): AuditSelection {
  return {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.by ? { by: filters.by } : {}),
    ...(filters.pgId ? { pgId: filters.pgId.toLowerCase() } : {}),
    ...(filters.from ? { from: auditRangeStart(filters.from) } : {}),
    ...(filters.to ? { until: auditRangeEnd(filters.to) } : {}),
  };
}

/** The filters as details of the export's own entry (each one given, under filter<Name>). */
export function filterDetails(filters: AuditFilters): AuditDetails {
  const named: [string, string | undefined][] = [
    ['filterAction', filters.action],
    ['filterActor', filters.actor],
    ['filterBy', filters.by],
    ['filterPgId', filters.pgId?.toLowerCase()],
    ['filterFrom', filters.from],
    ['filterTo', filters.to],
  ];
  return Object.fromEntries(named.filter((pair): pair is [string, string] => pair[1] !== undefined));
}

/** How the CSV names who of the study team did it: the person's name, the master key or the command line. */
function personOf(by: AuditBy | undefined): string | undefined {
  return by ? auditPersonLabel(by) : undefined;
}

export function auditEntryView(document: AuditLogDocument): AuditEntry {
  return {
    id: document._id,
    at: document.at.toISOString(),
    action: document.action,
    actor: document.actor,
    ...(document.by !== undefined ? { by: document.by } : {}),
    ...(document.pgId !== undefined ? { pgId: document.pgId } : {}),
    details: document.details ?? {},
  };
}

function cursorOf(document: AuditLogDocument): string {
  return `${document.at.toISOString()}|${document._id}`;
}

/** The position a `before` cursor names (the query schema has checked its form). */
export function positionOf(cursor: string): AuditPosition {
  const match = AUDIT_CURSOR_PATTERN.exec(cursor);
  if (!match?.[1] || !match[2]) throw new Error('not an audit cursor');
  return { at: new Date(match[1]), id: match[2] };
}

/** GET /api/admin/audit: one page newest first, and the cursor of the next (older) one. */
export async function listAudit(
  deps: { auditLog: AuditLogRepository },
  filters: AuditFilters,
  page: { before?: string; limit?: number; actions?: readonly AuditAction[] } = {},
): Promise<AuditPage> {
  const limit = page.limit ?? AUDIT_PAGE_SIZE;
  const selection = auditSelection(filters);
  // The earlier release's route: only the actions it knows (a filter on another action then finds none).
  if (page.actions) selection.actions = page.actions;
  if (page.actions && selection.action && !page.actions.includes(selection.action)) return { entries: [], nextBefore: null };
  // One more than shown tells whether older entries remain.
  const found = await deps.auditLog.page(selection, page.before ? positionOf(page.before) : undefined, limit + 1);
  const shown = found.slice(0, limit);
  const last = shown.at(-1);
  return { entries: shown.map(auditEntryView), nextBefore: found.length > limit && last ? cursorOf(last) : null };
}

/** GET /api/admin/audit/export: one row per selected entry (AUDIT_CSV_COLUMNS), newest first, from a cursor. */
export async function* auditRows(deps: { auditLog: AuditLogRepository }, filters: AuditFilters): AsyncGenerator<CsvValue[]> {
  const cursor = deps.auditLog.stream(auditSelection(filters));
  try {
    for await (const document of cursor) {
      yield [document.at, document.action, document.actor, personOf(document.by), document.by?.kind === 'staff' ? document.by.role : undefined, document.pgId, JSON.stringify(document.details ?? {}), document._id];
    }
  } finally {
    await cursor.close();
  }
}
