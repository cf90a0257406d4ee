import { routes, type AuditFilters, type AuditPage } from '@study/contracts';
import { adminCall, type FetchLike } from '../../../api/admin-api';

/** The filters as the page holds them: every field a string, '' meaning any. */
export interface AuditFilterForm {
  action: string;
  actor: string;
  pgId: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilterForm = { action: '', actor: '', pgId: '', from: '', to: '' };

/** Only the filters given, trimmed (the server checks them and names a bad one). */
export function filtersOf(form: AuditFilterForm): AuditFilters {
  const given = Object.entries(form)
    .map(([name, value]) => [name, value.trim()] as const)
    .filter(([, value]) => value !== '');
  return Object.fromEntries(given) as AuditFilters;
}

/** The audit trail calls; the master key goes in X-Master-Key, never in an address. */
export interface AuditApi {
  /** One page, newest first; `before` is the previous page's nextBefore. */
  entries(masterKey: string, filters: AuditFilters, before?: string): Promise<AuditPage>;
  /** A one-time link (valid for a minute) to the CSV of the filtered entries. */
  exportLink(masterKey: string, filters: AuditFilters): Promise<string>;
}

export function httpAuditApi(fetchImpl: FetchLike = (url, init) => fetch(url, init)): AuditApi {
  return {
    entries: (masterKey, filters, before) => adminCall(fetchImpl, routes.auditTrail, masterKey, { query: { ...filters, ...(before ? { before } : {}) } }),
    exportLink: async (masterKey, filters) => (await adminCall(fetchImpl, routes.createDownloadLink, masterKey, { body: { resource: 'audit', filters } })).url,
  };
}

const FIELD_NAMES = ['action', 'actor', 'pgId', 'from', 'to'] as const;
export type AuditFilterField = (typeof FIELD_NAMES)[number];

/**
 * The filter fields a refusal names ('Invalid request: from must not be after to.', or
 * 'filters.to must be a date ...' for the export link), each with what it says of that field.
 */
export function fieldErrorsOf(message: string): Partial<Record<AuditFilterField, string>> {
  const body = message.replace(/^Invalid request:\s*/, '').replace(/\.$/, '');
  const errors: Partial<Record<AuditFilterField, string>> = {};
  for (const part of body.split('; ')) {
    const match = /^(?:filters\.)?(\w+) (.+)$/.exec(part.trim());
    const field = match?.[1] as AuditFilterField | undefined;
    if (field && (FIELD_NAMES as readonly string[]).includes(field) && match?.[2]) errors[field] ??= match[2];
  }
  return errors;
}
