/** Drops undefined fields at any depth of plain objects, so they are not stored as null. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => compact(item)) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined).map(([key, field]) => [key, compact(field)])) as T;
}
