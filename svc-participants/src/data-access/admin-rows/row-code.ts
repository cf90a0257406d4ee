/**
 * The admin rows' compact code: the values at a fixed list of paths, as one JSON array (no
 * field names), dates as a marked base-36 millisecond count. FerretDB converts every field of
 * every document it reads, so a row kept as one string costs a fraction of the same values kept
 * as fields; nothing queries inside a row.
 */

/** Marks a date in the code; a string that starts with it is stored with it doubled. */
const DATE_MARK = '\u0001';

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return `${DATE_MARK}${raw.getTime().toString(36)}`;
  if (typeof value === 'string' && value.startsWith(DATE_MARK)) return `${DATE_MARK}${value}`;
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith(DATE_MARK)) return value;
  if (value.startsWith(DATE_MARK, 1)) return value.slice(1);
  return new Date(parseInt(value.slice(1), 36));
}

function valueAt(source: object, path: string): unknown {
  let node: unknown = source;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === null || typeof next !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}

/** A code for one list of paths: `encode` keeps the values found there, `decode` puts them back (null and absent both come back absent). */
export interface RowCode<T extends object> {
  encode(source: T): string;
  decode(code: string): T;
}

export function rowCode<T extends object>(paths: readonly string[]): RowCode<T> {
  return {
    encode(source) {
      const values = paths.map((path) => valueAt(source, path) ?? null);
      while (values.length > 0 && values[values.length - 1] === null) values.pop();
      return JSON.stringify(values, replacer);
    },
    decode(code) {
      const values = JSON.parse(code, reviver) as unknown[];
      const target: Record<string, unknown> = {};
      values.forEach((value, i) => {
        if (value !== null && i < paths.length) setAt(target, paths[i]!, value);
      });
      return target as T;
    },
  };
}
