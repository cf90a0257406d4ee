import type { AuditFilters } from '@study/contracts';

/** The filters as the page holds them: every field a string, '' meaning any. */
export interface AuditFilterForm {
  action: string;
  actor: string;
  /** A person of the study team (their account id), 'master-key' or 'command-line'. */
  by: string;
  pgId: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilterForm = { action: '', actor: '', by: '', pgId: '', from: '', to: '' };

/** Only the filters given, trimmed (the server checks them and names a bad one). */
export function filtersOf(form: AuditFilterForm): AuditFilters {
  const given = Object.entries(form)
    .map(([name, value]) => [name, value.trim()] as const)
    .filter(([, value]) => value !== '');
  return Object.fromEntries(given) as AuditFilters;
}

const FIELD_NAMES = ['action', 'actor', 'by', 'pgId', 'from', 'to'] as const;
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
