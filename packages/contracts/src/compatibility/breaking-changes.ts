import { sameJson, type Json } from '../json-schema/stable-json';

/** A JSON Schema (draft 2020-12) as z.toJSONSchema writes it: an object, or true/false. */
export type JsonSchema = boolean | { [keyword: string]: Json };
type SchemaObject = { [keyword: string]: Json };

/**
 * Who still holds the old schema while the new one is live:
 * - request: old clients write bodies that the new service reads;
 * - response: old clients read what the new service writes;
 * - event: producers and consumers move to a new release one by one, so for a while each reads
 *   what the other, old or new, writes.
 */
export type Direction = 'request' | 'response' | 'event';

/** One way in which the new schema breaks a party still on the old one. */
export interface BreakingChange {
  /** Where in the body or event data, e.g. `$.scores.typeCodes[].rank` or `${surveyId="nardi"}.answers`. */
  path: string;
  reason: string;
}

interface Rules {
  /** Values written to the old schema still arrive: the new schema must accept all of them (narrowing breaks). */
  oldWriters: boolean;
  /** Values written to the new schema reach old readers: the new schema must stay within the old one (widening breaks). */
  oldReaders: boolean;
}

const RULES: Record<Direction, Rules> = {
  request: { oldWriters: true, oldReaders: false },
  response: { oldWriters: false, oldReaders: true },
  event: { oldWriters: true, oldReaders: true },
};

const PARTIES: Record<Direction, { writers: string; readers: string }> = {
  request: { writers: 'clients on the old contract', readers: 'the service' },
  response: { writers: 'the service', readers: 'clients on the old contract' },
  event: { writers: 'producers on the old schema', readers: 'consumers on the old schema' },
};

/** Keywords that describe without constraining; $defs are reached through $ref. */
const ANNOTATIONS = new Set(['$schema', '$id', '$comment', '$defs', 'definitions', 'title', 'description', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);
const LOWER_BOUNDS = ['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum', 'minContains'];
const UPPER_BOUNDS = ['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum', 'maxContains'];
/** Keywords whose change is judged by equality alone: added narrows, removed widens, changed does both. */
const EXACT = ['pattern', 'format', 'multipleOf', 'uniqueItems', 'contentMediaType', 'contentEncoding'];
const STRUCTURE = [
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  '$ref',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'contentSchema',
];
const UNDERSTOOD = new Set([...ANNOTATIONS, ...LOWER_BOUNDS, ...UPPER_BOUNDS, ...EXACT, ...STRUCTURE]);
const MAX_DEPTH = 64;

function isObject(value: Json | undefined): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asSchema(value: Json | undefined): JsonSchema {
  return isObject(value) || typeof value === 'boolean' ? value : true;
}

function show(value: Json | undefined): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function childPath(path: string, name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

/** The value at a local reference (`#` or `#/$defs/...`), or undefined when it is not one. */
function lookUp(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  let node: Json | undefined = root;
  for (const token of ref.slice(2).split('/').filter((t) => t !== '')) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
  }
  return isObject(node) || typeof node === 'boolean' ? node : undefined;
}

/** Follows local $refs, keeping the referring node's own keywords beside the target's. */
function resolve(schema: JsonSchema, root: JsonSchema): { node: JsonSchema; refs: string[] } {
  const refs: string[] = [];
  let node = schema;
  while (isObject(node) && typeof node.$ref === 'string' && refs.length < MAX_DEPTH) {
    const target = lookUp(root, node.$ref);
    if (target === undefined) break;
    refs.push(node.$ref);
    const { $ref: _ref, ...rest } = node;
    node = target === true ? rest : target === false ? false : { ...target, ...rest };
  }
  return { node, refs };
}

function typesOf(node: SchemaObject): string[] | undefined {
  if (typeof node.type === 'string') return [node.type];
  return Array.isArray(node.type) ? node.type.filter((t): t is string => typeof t === 'string') : undefined;
}

/** Whether a value of `type` is allowed by `types` (an integer is a number). */
function covers(types: readonly string[], type: string): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

function valuesOf(node: SchemaObject): Json[] | undefined {
  if (node.const !== undefined) return [node.const];
  return Array.isArray(node.enum) ? node.enum : undefined;
}

function hasVariants(node: JsonSchema): boolean {
  return isObject(node) && (Array.isArray(node.anyOf) || Array.isArray(node.oneOf));
}

function isObjectSchema(node: SchemaObject): boolean {
  return ['properties', 'required', 'additionalProperties', 'propertyNames'].some((k) => node[k] !== undefined);
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}

/** Walks an old and a new schema side by side, collecting what breaks the parties the rules protect. */
class Comparison {
  readonly changes: BreakingChange[] = [];

  constructor(
    private readonly oldRoot: JsonSchema,
    private readonly newRoot: JsonSchema,
    private readonly direction: Direction,
    private readonly rules: Rules,
    /** Reference pairs being compared further up: a cycle compares as equal the second time round. */
    private readonly inProgress: Set<string> = new Set(),
  ) {}

  compare(oldSchema: JsonSchema, newSchema: JsonSchema, path: string, depth = 0): void {
    if (depth > MAX_DEPTH) {
      this.push(path, 'nested too deep to compare: counted as breaking');
      return;
    }
    const old = resolve(oldSchema, this.oldRoot);
    const next = resolve(newSchema, this.newRoot);
    const key = `${old.refs.join(' ')} -> ${next.refs.join(' ')}`;
    const viaRefs = old.refs.length > 0 || next.refs.length > 0;
    if (viaRefs && this.inProgress.has(key)) return;
    if (viaRefs) this.inProgress.add(key);
    try {
      this.compareResolved(old.node, next.node, path, depth);
    } finally {
      if (viaRefs) this.inProgress.delete(key);
    }
  }

  private push(path: string, reason: string): void {
    this.changes.push({ path, reason });
  }

  private narrowed(path: string, what: string): void {
    if (this.rules.oldWriters) this.push(path, `${what}: ${PARTIES[this.direction].writers} may still send what is now refused`);
  }

  private widened(path: string, what: string): void {
    if (this.rules.oldReaders) this.push(path, `${what}: ${PARTIES[this.direction].readers} may get what they do not expect`);
  }

  private compareResolved(old: JsonSchema, next: JsonSchema, path: string, depth: number): void {
    const plain = !JSON.stringify(old).includes('"$ref"') && !JSON.stringify(next).includes('"$ref"');
    if (plain && sameJson(old, next)) return;
    if (old === false || next === false) {
      if (old === false) this.widened(path, 'accepts values where none were allowed');
      else this.narrowed(path, 'accepts no value any more');
      return;
    }
    const o = old === true ? {} : old;
    const n = next === true ? {} : next;
    if (hasVariants(o) || hasVariants(n)) {
      this.compareUnions(o, n, path, depth);
      return;
    }
    if (!this.compareTypes(o, n, path)) return;
    this.compareValues(o, n, path);
    this.compareBounds(o, n, path);
    this.compareExact(o, n, path);
    this.compareObjects(o, n, path, depth);
    this.compareArrays(o, n, path, depth);
    if (o.contentSchema !== undefined || n.contentSchema !== undefined) {
      this.compare(asSchema(o.contentSchema), asSchema(n.contentSchema), `${path}<content>`, depth + 1);
    }
    this.compareUnknown(o, n, path);
  }

  /** False when the two share no type, so that nothing else about them is worth comparing. */
  private compareTypes(o: SchemaObject, n: SchemaObject, path: string): boolean {
    const oldTypes = typesOf(o);
    const newTypes = typesOf(n);
    if (newTypes && !oldTypes) this.narrowed(path, `type now limited to ${newTypes.join(' | ')}`);
    if (oldTypes && !newTypes) this.widened(path, `type no longer limited to ${oldTypes.join(' | ')}`);
    if (!oldTypes || !newTypes) return true;
    const lost = oldTypes.filter((t) => !covers(newTypes, t));
    const gained = newTypes.filter((t) => !covers(oldTypes, t));
    const change = `type ${oldTypes.join(' | ')} became ${newTypes.join(' | ')}`;
    if (lost.length > 0 && gained.length > 0) this.push(path, `${change}: counted as breaking both ways`);
    else if (lost.length > 0) this.narrowed(path, `${change}, no longer accepting ${lost.join(' | ')}`);
    else if (gained.length > 0) this.widened(path, `${change}, now also ${gained.join(' | ')}`);
    return oldTypes.some((t) => covers(newTypes, t) || newTypes.some((u) => covers([t], u)));
  }

  private compareValues(o: SchemaObject, n: SchemaObject, path: string): void {
    const oldValues = valuesOf(o);
    const newValues = valuesOf(n);
    if (!oldValues && newValues) this.narrowed(path, `now limited to ${show(newValues)}`);
    if (oldValues && !newValues) this.widened(path, `no longer limited to ${show(oldValues)}`);
    if (!oldValues || !newValues) return;
    const removed = oldValues.filter((v) => !newValues.some((w) => sameJson(v, w)));
    const added = newValues.filter((v) => !oldValues.some((w) => sameJson(v, w)));
    if (removed.length > 0) this.narrowed(path, `value ${removed.map(show).join(', ')} removed`);
    if (added.length > 0) this.widened(path, `value ${added.map(show).join(', ')} added`);
  }

  private compareBounds(o: SchemaObject, n: SchemaObject, path: string): void {
    for (const [keys, lower] of [
      [LOWER_BOUNDS, true],
      [UPPER_BOUNDS, false],
    ] as const) {
      for (const key of keys) {
        const was = o[key];
        const is = n[key];
        if (sameJson(was, is)) continue;
        if ((was !== undefined && typeof was !== 'number') || (is !== undefined && typeof is !== 'number')) {
          this.push(path, `"${key}" changed from ${show(was)} to ${show(is)}, which this check does not understand: counted as breaking`);
          continue;
        }
        const what = was === undefined ? `${key} ${is} added` : is === undefined ? `${key} ${was} removed` : `${key} changed from ${was} to ${is}`;
        const tighter = was === undefined || (is !== undefined && (lower ? is > was : is < was));
        if (tighter) this.narrowed(path, what);
        else this.widened(path, what);
      }
    }
  }

  private compareExact(o: SchemaObject, n: SchemaObject, path: string): void {
    for (const key of EXACT) {
      // uniqueItems: false says nothing, as if absent.
      const was = o[key] === false && key === 'uniqueItems' ? undefined : o[key];
      const is = n[key] === false && key === 'uniqueItems' ? undefined : n[key];
      if (sameJson(was, is)) continue;
      if (was === undefined) this.narrowed(path, `${key} ${show(is)} added`);
      else if (is === undefined) this.widened(path, `${key} ${show(was)} removed`);
      else this.push(path, `${key} changed from ${show(was)} to ${show(is)}: whether the same values still match cannot be told, counted as breaking`);
    }
  }

  private compareObjects(o: SchemaObject, n: SchemaObject, path: string, depth: number): void {
    if (!isObjectSchema(o) && !isObjectSchema(n)) return;
    const { writers, readers } = PARTIES[this.direction];
    const oldProps = isObject(o.properties) ? o.properties : {};
    const newProps = isObject(n.properties) ? n.properties : {};
    const oldRequired = new Set(Array.isArray(o.required) ? o.required : []);
    const newRequired = new Set(Array.isArray(n.required) ? n.required : []);
    for (const name of Object.keys(oldProps)) {
      const at = childPath(path, name);
      if (!(name in newProps)) {
        this.push(at, 'field removed (or renamed): a published field stays; add a new one beside it, or publish a new version');
        continue;
      }
      if (oldRequired.has(name) && !newRequired.has(name) && this.rules.oldReaders) this.push(at, `field became optional: ${readers} expect it always`);
      if (!oldRequired.has(name) && newRequired.has(name) && this.rules.oldWriters) this.push(at, `field became required: ${writers} may leave it out`);
      this.compare(asSchema(oldProps[name]), asSchema(newProps[name]), at, depth + 1);
    }
    for (const name of Object.keys(newProps)) {
      if (!(name in oldProps) && newRequired.has(name) && this.rules.oldWriters) this.push(childPath(path, name), `new required field: ${writers} do not send it`);
    }
    // Names required without being listed in properties.
    for (const name of newRequired) {
      if (typeof name === 'string' && !(name in newProps) && !(name in oldProps) && !oldRequired.has(name)) this.narrowed(childPath(path, name), 'now required');
    }
    for (const name of oldRequired) {
      if (typeof name === 'string' && !(name in oldProps) && !(name in newProps) && !newRequired.has(name)) this.widened(childPath(path, name), 'no longer required');
    }
    this.compareAdditionalProperties(o.additionalProperties, n.additionalProperties, path, depth);
    if (o.propertyNames !== undefined || n.propertyNames !== undefined) {
      this.compare(asSchema(o.propertyNames), asSchema(n.propertyNames), `${path}.<key>`, depth + 1);
    }
  }

  /**
   * Fields not listed in properties. Readers ignore fields they do not know (zod objects strip
   * them), so only a map's values (additionalProperties as a schema) concern old readers.
   */
  private compareAdditionalProperties(was: Json | undefined, is: Json | undefined, path: string, depth: number): void {
    const at = `${path}.*`;
    if (isObject(was) && isObject(is)) {
      this.compare(was, is, at, depth + 1);
      return;
    }
    if (is === false && was !== false) this.narrowed(at, 'fields not listed are no longer accepted');
    if (isObject(is) && was !== false) this.compare(true, is, at, depth + 1);
    if (isObject(was) && is !== false) this.compare(was, true, at, depth + 1);
  }

  private compareArrays(o: SchemaObject, n: SchemaObject, path: string, depth: number): void {
    if ([o, n].every((s) => s.items === undefined && s.prefixItems === undefined)) return;
    const oldPrefix = Array.isArray(o.prefixItems) ? o.prefixItems : [];
    const newPrefix = Array.isArray(n.prefixItems) ? n.prefixItems : [];
    for (let i = 0; i < Math.max(oldPrefix.length, newPrefix.length); i += 1) {
      this.compare(asSchema(oldPrefix[i] ?? o.items), asSchema(newPrefix[i] ?? n.items), `${path}[${i}]`, depth + 1);
    }
    this.compare(asSchema(o.items), asSchema(n.items), `${path}[]`, depth + 1);
  }

  private compareUnknown(o: SchemaObject, n: SchemaObject, path: string): void {
    const keys = new Set([...Object.keys(o), ...Object.keys(n)]);
    for (const key of keys) {
      if (!UNDERSTOOD.has(key) && !sameJson(o[key], n[key])) {
        this.push(path, `"${key}" changed from ${show(o[key])} to ${show(n[key])}, which this check does not understand: counted as breaking`);
      }
    }
  }

  private compareUnions(o: SchemaObject, n: SchemaObject, path: string, depth: number): void {
    const oldVariants = variantsOf(o, this.oldRoot);
    const newVariants = variantsOf(n, this.newRoot);
    const key = discriminatorOf(oldVariants, this.oldRoot, newVariants, this.newRoot);
    if (key) {
      const oldByValue = byDiscriminator(oldVariants, key, this.oldRoot);
      const newByValue = byDiscriminator(newVariants, key, this.newRoot);
      for (const [value, oldVariant] of oldByValue) {
        const at = `${path}{${key}=${value}}`;
        const newVariant = newByValue.get(value);
        if (newVariant === undefined) this.narrowed(at, `variant ${key}=${value} removed`);
        else this.compare(oldVariant, newVariant, at, depth + 1);
      }
      for (const value of newByValue.keys()) {
        if (!oldByValue.has(value)) this.widened(`${path}{${key}=${value}}`, `variant ${key}=${value} added`);
      }
      return;
    }
    // No discriminator: each old variant must still be accepted by some new one (old writers),
    // each new variant must fit some old one (old readers). When none does, the closest one's
    // differences are reported.
    if (this.rules.oldWriters) {
      for (const oldVariant of oldVariants) this.requireMatch(oldVariant, newVariants.map((v) => this.trial(oldVariant, v, path, depth, 'oldWriters')));
    }
    if (this.rules.oldReaders) {
      for (const newVariant of newVariants) this.requireMatch(newVariant, oldVariants.map((v) => this.trial(v, newVariant, path, depth, 'oldReaders')));
    }
  }

  /** The changes between one old and one new variant under one rule, kept aside. */
  private trial(old: SchemaObject, next: SchemaObject, path: string, depth: number, rule: keyof Rules) {
    const rules: Rules = { oldWriters: rule === 'oldWriters', oldReaders: rule === 'oldReaders' };
    const trial = new Comparison(this.oldRoot, this.newRoot, this.direction, rules, new Set(this.inProgress));
    trial.compare(old, next, path, depth + 1);
    return { other: rule === 'oldWriters' ? next : old, changes: trial.changes };
  }

  /** Nothing when some candidate matches `variant`; else the differences of the closest one, a variant of the same type first. */
  private requireMatch(variant: SchemaObject, candidates: { other: SchemaObject; changes: BreakingChange[] }[]): void {
    if (candidates.some(({ changes }) => changes.length === 0)) return;
    const types = typesOf(variant);
    const distance = ({ other, changes }: { other: SchemaObject; changes: BreakingChange[] }) => {
      const otherTypes = typesOf(other);
      const sameType = !types || !otherTypes || types.some((t) => otherTypes.some((u) => covers([t], u) || covers([u], t)));
      return (sameType ? 0 : 1000) + changes.length;
    };
    const closest = candidates.reduce((best, candidate) => (distance(candidate) < distance(best) ? candidate : best));
    this.changes.push(...closest.changes);
  }
}

/** The alternatives of a union, each with the keywords beside anyOf/oneOf, and one per type of a list of types. */
function variantsOf(node: SchemaObject, root: JsonSchema): SchemaObject[] {
  const list = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (list === undefined) {
    const types = typesOf(node);
    return types && types.length > 1 ? types.map((type) => ({ ...node, type })) : [node];
  }
  const { anyOf: _anyOf, oneOf: _oneOf, ...beside } = node;
  return list.flatMap((variant) => {
    const { node: resolved } = resolve(asSchema(variant), root);
    if (resolved === false) return [];
    return variantsOf({ ...beside, ...(resolved === true ? {} : resolved) }, root);
  });
}

/** The single value a variant's property is fixed to, as JSON text, or undefined. */
function fixedValue(variant: SchemaObject, key: string, root: JsonSchema): string | undefined {
  if (!isObject(variant.properties) || !Array.isArray(variant.required) || !variant.required.includes(key)) return undefined;
  const { node } = resolve(asSchema(variant.properties[key]), root);
  const values = isObject(node) ? valuesOf(node) : undefined;
  return values?.length === 1 ? JSON.stringify(values[0]) : undefined;
}

/** A property that tells the variants apart on both sides (a zod discriminated union's key), or undefined. */
function discriminatorOf(oldVariants: SchemaObject[], oldRoot: JsonSchema, newVariants: SchemaObject[], newRoot: JsonSchema): string | undefined {
  const first = oldVariants[0];
  if (!first || !isObject(first.properties)) return undefined;
  const tells = (variants: SchemaObject[], key: string, root: JsonSchema) => {
    const values = variants.map((v) => fixedValue(v, key, root));
    return values.every((v) => v !== undefined) && new Set(values).size === values.length;
  };
  return Object.keys(first.properties)
    .sort()
    .find((key) => tells(oldVariants, key, oldRoot) && tells(newVariants, key, newRoot));
}

function byDiscriminator(variants: SchemaObject[], key: string, root: JsonSchema): Map<string, SchemaObject> {
  return new Map(variants.map((v) => [fixedValue(v, key, root) ?? '', v]));
}

/**
 * What in `newSchema` breaks a party still on `oldSchema` (see Direction), each with where and
 * why. A removed or renamed field always breaks; a new field breaks only when old writers must
 * send it. Whatever this check does not understand and that changed counts as breaking.
 */
export function findBreakingChanges(oldSchema: JsonSchema, newSchema: JsonSchema, direction: Direction): BreakingChange[] {
  const comparison = new Comparison(oldSchema, newSchema, direction, RULES[direction]);
  comparison.compare(oldSchema, newSchema, '$');
  return uniqueBy(comparison.changes, (c) => `${c.path}\n${c.reason}`);
}

/** One line per change, for test failures and the snapshot script. */
export function describeBreakingChanges(changes: readonly BreakingChange[]): string {
  return changes.map((c) => `  ${c.path}: ${c.reason}`).join('\n');
}
