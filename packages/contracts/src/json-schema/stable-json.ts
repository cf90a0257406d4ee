/** A JSON value as JSON.parse answers it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function sortedKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  // Array order carries meaning (required, enum, prefixItems) and stays; object keys do not.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key] as Json)]),
  );
}

/**
 * JSON text that depends only on the value: keys sorted at every level, two-space indent and a
 * trailing newline, so a committed file changes only when its content does.
 */
export function stableJson(value: Json): string {
  return `${JSON.stringify(sortedKeys(value), null, 2)}\n`;
}

/** Whether two JSON values are equal whatever the order of their keys. */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return stableJson(a) === stableJson(b);
}
