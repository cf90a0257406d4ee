/**
 * A study ID (pgId) is a version-4 UUID: 8-4-4-4-12 hex digits, any case, the third group
 * starting with 4 (the version) and the fourth with 8, 9, a or b (the RFC 4122 variant).
 */
export const V4_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isV4Uuid(value: string): boolean {
  return V4_UUID_PATTERN.test(value);
}

/** Study IDs compare case-insensitively; stored and looked up in lower case. */
export function normalizePgId(pgId: string): string {
  return pgId.toLowerCase();
}
