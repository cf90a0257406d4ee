import { z } from 'zod';
import { describeBreakingChanges, findBreakingChanges, type Direction, type JsonSchema } from './breaking-changes';

const obj = (properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties), extra: object = {}): JsonSchema =>
  ({ type: 'object', properties, required, additionalProperties: false, ...extra }) as JsonSchema;
const str = (extra: object = {}): JsonSchema => ({ type: 'string', ...extra }) as JsonSchema;
const int = (extra: object = {}): JsonSchema => ({ type: 'integer', ...extra }) as JsonSchema;
const en = (...values: string[]): JsonSchema => ({ type: 'string', enum: values }) as JsonSchema;

/** The paths of the breaking changes, one direction at a time. */
function breaks(old: JsonSchema, next: JsonSchema, direction: Direction): string[] {
  return findBreakingChanges(old, next, direction).map((c) => c.path);
}

/** Which of the three directions see the change as breaking. */
function breakingIn(old: JsonSchema, next: JsonSchema): Direction[] {
  return (['request', 'response', 'event'] as const).filter((d) => findBreakingChanges(old, next, d).length > 0);
}

describe('findBreakingChanges: fields', () => {
  it('finds nothing between equal schemas, whatever the key order', () => {
    const a = obj({ a: str(), b: int() });
    const b = { required: ['a', 'b'], additionalProperties: false, properties: { b: int(), a: str() }, type: 'object' } as JsonSchema;
    expect(breakingIn(a, b)).toEqual([]);
  });

  it('a removed field breaks every direction, optional or not', () => {
    expect(breakingIn(obj({ a: str(), b: str() }), obj({ a: str() }))).toEqual(['request', 'response', 'event']);
    expect(breakingIn(obj({ a: str(), b: str() }, ['a']), obj({ a: str() }))).toEqual(['request', 'response', 'event']);
    expect(findBreakingChanges(obj({ a: str(), b: str() }), obj({ a: str() }), 'event')).toEqual([
      { path: '$.b', reason: expect.stringContaining('field removed (or renamed)') },
    ]);
  });

  it('a renamed field is a removed one (and, where required, a new required one)', () => {
    const changes = findBreakingChanges(obj({ name: str() }), obj({ fullName: str() }), 'event');
    expect(changes.map((c) => c.path)).toEqual(['$.name', '$.fullName']);
    expect(changes[1]?.reason).toContain('new required field');
  });

  it('a new optional field breaks nothing', () => {
    expect(breakingIn(obj({ a: str() }), obj({ a: str(), b: str() }, ['a']))).toEqual([]);
  });

  it('a new required field breaks old writers (requests, events), not old readers (responses)', () => {
    expect(breakingIn(obj({ a: str() }), obj({ a: str(), b: str() }))).toEqual(['request', 'event']);
  });

  it('a field made optional breaks old readers; one made required breaks old writers', () => {
    expect(breakingIn(obj({ a: str() }), obj({ a: str() }, []))).toEqual(['response', 'event']);
    expect(breakingIn(obj({ a: str() }, []), obj({ a: str() }))).toEqual(['request', 'event']);
  });

  it('names the nested path', () => {
    const old = obj({ outer: obj({ list: { type: 'array', items: obj({ x: int() }) } as JsonSchema }) });
    const next = obj({ outer: obj({ list: { type: 'array', items: obj({}, []) } as JsonSchema }) });
    expect(breaks(old, next, 'response')).toEqual(['$.outer.list[].x']);
  });

  it('quotes names that are not identifiers', () => {
    expect(breaks(obj({ 'E/I': str() }), obj({}), 'response')).toEqual(['$["E/I"]']);
  });
});

describe('findBreakingChanges: fields not listed', () => {
  it('refusing unknown fields in a request breaks old clients; accepting them does not', () => {
    const loose = { type: 'object', properties: { a: str() }, required: ['a'] } as JsonSchema;
    const strict = obj({ a: str() });
    expect(breaks(loose, strict, 'request')).toEqual(['$.*']);
    expect(breaks(strict, loose, 'request')).toEqual([]);
  });

  it('a map compares its values and its keys', () => {
    const map = (values: JsonSchema, keys: JsonSchema): JsonSchema => ({ type: 'object', propertyNames: keys, additionalProperties: values }) as JsonSchema;
    expect(breaks(map(int(), str()), map(int({ minimum: 0 }), str()), 'request')).toEqual(['$.*']);
    expect(breaks(map(int(), str()), map({ type: 'number' } as JsonSchema, str()), 'response')).toEqual(['$.*']);
    expect(breaks(map(int(), str()), map(int(), str({ pattern: '^a' })), 'request')).toEqual(['$.<key>']);
    expect(breaks(map(int(), str()), map(int(), str({ pattern: '^a' })), 'response')).toEqual([]);
  });
});

describe('findBreakingChanges: types', () => {
  it('a narrowed type breaks old writers; a widened one breaks old readers', () => {
    const number = { type: 'number' } as JsonSchema;
    expect(breakingIn(number, int())).toEqual(['request', 'event']);
    expect(breakingIn(int(), number)).toEqual(['response', 'event']);
  });

  it('a type list is a union of types', () => {
    const nullable = { type: ['string', 'null'] } as JsonSchema;
    expect(breakingIn(str(), nullable)).toEqual(['response', 'event']);
    expect(breakingIn(nullable, str())).toEqual(['request', 'event']);
  });

  it('a changed type breaks every direction, reported once', () => {
    expect(findBreakingChanges(obj({ a: str({ minLength: 1 }) }), obj({ a: int({ minimum: 0 }) }), 'event')).toHaveLength(1);
    expect(breakingIn(str(), int())).toEqual(['request', 'response', 'event']);
  });

  it('a type where there was none narrows; none where there was one widens', () => {
    expect(breakingIn({}, str())).toEqual(['request', 'event']);
    expect(breakingIn(str(), {})).toEqual(['response', 'event']);
    expect(breakingIn(true, false)).toEqual(['request', 'event']);
    expect(breakingIn(false, true)).toEqual(['response', 'event']);
  });
});

describe('findBreakingChanges: values', () => {
  it('a removed enum value breaks old writers; an added one breaks old readers', () => {
    expect(breakingIn(en('a', 'b'), en('a'))).toEqual(['request', 'event']);
    expect(breakingIn(en('a'), en('a', 'b'))).toEqual(['response', 'event']);
    expect(findBreakingChanges(en('a', 'b'), en('a'), 'request')[0]?.reason).toContain('value "b" removed');
  });

  it('reordered values change nothing', () => {
    expect(breakingIn(en('a', 'b'), en('b', 'a'))).toEqual([]);
  });

  it('a const is an enum of one', () => {
    expect(breakingIn({ type: 'string', const: 'a' }, en('a'))).toEqual([]);
    expect(breakingIn({ type: 'string', const: 'a' }, { type: 'string', const: 'b' })).toEqual(['request', 'response', 'event']);
  });

  it('limiting a free value narrows; freeing a limited one widens', () => {
    expect(breakingIn(str(), en('a'))).toEqual(['request', 'event']);
    expect(breakingIn(en('a'), str())).toEqual(['response', 'event']);
  });
});

describe('findBreakingChanges: bounds and formats', () => {
  it.each([
    ['minLength', str({ minLength: 1 }), str({ minLength: 2 })],
    ['maxLength', str({ maxLength: 10 }), str({ maxLength: 9 })],
    ['minimum', int({ minimum: 0 }), int({ minimum: 1 })],
    ['maximum', int({ maximum: 10 }), int({ maximum: 9 })],
    ['exclusiveMinimum', int({ exclusiveMinimum: 0 }), int({ exclusiveMinimum: 1 })],
    ['minItems', { type: 'array', items: str(), minItems: 1 }, { type: 'array', items: str(), minItems: 2 }],
    ['maxItems', { type: 'array', items: str(), maxItems: 3 }, { type: 'array', items: str(), maxItems: 2 }],
    ['maxLength (none before)', str(), str({ maxLength: 5 })],
  ] as [string, JsonSchema, JsonSchema][])('a tighter %s breaks old writers; loosening it back breaks old readers', (_name, loose, tight) => {
    expect(breakingIn(loose, tight)).toEqual(['request', 'event']);
    expect(breakingIn(tight, loose)).toEqual(['response', 'event']);
  });

  it('a new pattern or format narrows, a removed one widens, a changed one breaks both ways', () => {
    expect(breakingIn(str(), str({ pattern: '^a' }))).toEqual(['request', 'event']);
    expect(breakingIn(str({ format: 'uri' }), str())).toEqual(['response', 'event']);
    expect(breakingIn(str({ pattern: '^a' }), str({ pattern: '^[ab]' }))).toEqual(['request', 'response', 'event']);
  });

  it('a different media type of a body that is not JSON breaks both ways', () => {
    expect(breakingIn({ contentMediaType: 'text/csv' }, { contentMediaType: 'application/pdf' })).toEqual(['request', 'response', 'event']);
  });

  it('compares the schema of each message in a stream', () => {
    const stream = (message: JsonSchema): JsonSchema => ({ contentMediaType: 'text/event-stream', contentSchema: message }) as JsonSchema;
    expect(breaks(stream(obj({ a: str() })), stream(obj({})), 'response')).toEqual(['$<content>.a']);
  });

  it('ignores annotations', () => {
    expect(breakingIn(str({ description: 'old' }), str({ description: 'new', title: 't', $comment: 'c', examples: ['x'] }))).toEqual([]);
  });
});

describe('findBreakingChanges: arrays', () => {
  const arr = (items: JsonSchema, extra: object = {}): JsonSchema => ({ type: 'array', items, ...extra }) as JsonSchema;
  const tuple = (...items: JsonSchema[]): JsonSchema => ({ type: 'array', prefixItems: items, items: false, minItems: items.length, maxItems: items.length }) as JsonSchema;

  it('compares the items', () => {
    expect(breaks(arr(en('a', 'b')), arr(en('a')), 'request')).toEqual(['$[]']);
    expect(breaks(arr(en('a', 'b')), arr(en('a')), 'response')).toEqual([]);
  });

  it('compares tuples position by position', () => {
    expect(breaks(tuple(str(), int()), tuple(str(), str()), 'event')).toEqual(['$[1]']);
    expect(breakingIn(tuple(str()), tuple(str(), int()))).toEqual(['request', 'response', 'event']);
  });
});

describe('findBreakingChanges: unions', () => {
  const variant = (kind: string, extra: Record<string, JsonSchema> = {}) => obj({ kind: { type: 'string', const: kind } as JsonSchema, ...extra });
  const oneOf = (...variants: JsonSchema[]): JsonSchema => ({ oneOf: variants }) as JsonSchema;

  it('matches the variants of a discriminated union by their discriminator', () => {
    const old = oneOf(variant('a', { x: str() }), variant('b'));
    expect(breaks(old, oneOf(variant('b'), variant('a', { x: str() })), 'event')).toEqual([]);
    expect(findBreakingChanges(old, oneOf(variant('b'), variant('a')), 'event')).toEqual([{ path: '${kind="a"}.x', reason: expect.stringContaining('removed') }]);
  });

  it('a removed variant breaks old writers; an added one breaks old readers', () => {
    const two = oneOf(variant('a'), variant('b'));
    const three = oneOf(variant('a'), variant('b'), variant('c'));
    expect(breakingIn(three, two)).toEqual(['request', 'event']);
    expect(breakingIn(two, three)).toEqual(['response', 'event']);
    expect(breaks(two, three, 'response')).toEqual(['${kind="c"}']);
  });

  it('matches the variants of a plain union by what they accept, wherever they stand', () => {
    const old = { anyOf: [str(), obj({ value: str() })] } as JsonSchema;
    expect(breakingIn(old, { anyOf: [obj({ value: str() }), str()] } as JsonSchema)).toEqual([]);
    expect(breakingIn(old, { anyOf: [obj({ value: str() }), str(), int()] } as JsonSchema)).toEqual(['response', 'event']);
    expect(breakingIn(old, obj({ value: str() }))).toEqual(['request', 'event']);
  });

  it('reports the differences of the closest variant when none fits', () => {
    const old = { anyOf: [str(), obj({ value: str(), note: str() }, ['value'])] } as JsonSchema;
    const next = { anyOf: [str(), obj({ value: str() })] } as JsonSchema;
    expect(breaks(old, next, 'request')).toEqual(['$.note']);
  });

  it('sees a nullable value as a union with null', () => {
    const nullableObject = { anyOf: [obj({ a: str() }), { type: 'null' }] } as JsonSchema;
    expect(breakingIn(obj({ a: str() }), nullableObject)).toEqual(['response', 'event']);
    expect(breakingIn(nullableObject, obj({ a: str() }))).toEqual(['request', 'event']);
  });
});

describe('findBreakingChanges: references and keywords it does not know', () => {
  it('follows $ref into $defs on each side, and stops at cycles', () => {
    const tree = (leaf: JsonSchema): JsonSchema =>
      ({ $ref: '#/$defs/node', $defs: { node: obj({ leaf, children: { type: 'array', items: { $ref: '#/$defs/node' } } as JsonSchema }) } }) as JsonSchema;
    expect(breakingIn(tree(str()), tree(str()))).toEqual([]);
    expect(breaks(tree(str()), tree(int()), 'event')).toEqual(['$.leaf']);
  });

  it('counts a change it does not understand as breaking, in every direction', () => {
    const changes = findBreakingChanges({ allOf: [{ pattern: 'a' }] }, { allOf: [{ pattern: 'b' }] }, 'response');
    expect(changes).toEqual([{ path: '$', reason: expect.stringContaining('does not understand') }]);
    expect(breakingIn({ not: { type: 'null' } }, {})).toEqual(['request', 'response', 'event']);
    expect(breakingIn({ not: { type: 'null' } }, { not: { type: 'null' } })).toEqual([]);
  });
});

describe('findBreakingChanges on what zod writes', () => {
  const request = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  const output = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;
  const base = z.object({ id: z.string(), count: z.number().int().min(0) });

  it('an optional field added to an event or a response is compatible; a field removed is not', () => {
    expect(findBreakingChanges(output(base), output(base.extend({ note: z.string().optional() })), 'event')).toEqual([]);
    expect(breaks(output(base), output(base.omit({ count: true })), 'event')).toEqual(['$.count']);
  });

  it('a strict request made loose stays compatible; a loose one made strict does not', () => {
    const strict = z.strictObject({ id: z.string() });
    const loose = z.object({ id: z.string() });
    expect(breaks(request(strict), request(loose), 'request')).toEqual([]);
    expect(breaks(request(loose), request(strict), 'request')).toEqual(['$.*']);
  });

  it('a discriminated union of events gains a variant only for new readers', () => {
    const a = z.object({ kind: z.literal('a'), n: z.number() });
    const b = z.object({ kind: z.literal('b') });
    const c = z.object({ kind: z.literal('c') });
    expect(breakingIn(output(z.discriminatedUnion('kind', [a, b])), output(z.discriminatedUnion('kind', [a, b, c])))).toEqual(['response', 'event']);
  });
});

describe('describeBreakingChanges', () => {
  it('writes one indented line per change', () => {
    expect(describeBreakingChanges([{ path: '$.a', reason: 'field removed' }, { path: '$.b', reason: 'x' }])).toBe('  $.a: field removed\n  $.b: x');
  });
});
