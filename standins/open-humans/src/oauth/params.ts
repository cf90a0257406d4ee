/** One string value of a query or form field; a repeated or structured field counts as absent. */
export function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** All string values of a field that may repeat (checkboxes). */
export function many(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * The last string value of a field that may repeat. oauthlib and Django's QueryDict keep the last
 * of repeated values for the fields they do not reject as duplicates (the PKCE ones).
 */
export function last(value: unknown): string | undefined {
  return many(value).at(-1);
}
