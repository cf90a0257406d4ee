import type { JsonSchema } from '../compatibility/breaking-changes';
import { documentText, type ContractDocument } from '../json-schema/contract-documents';
import { breakingChangeAdvice, nextEventVersion, planSnapshots, snapshotProblem } from './snapshot-plan';

const schema = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema =>
  ({ type: 'object', properties, required, additionalProperties: false }) as JsonSchema;
const event = (type: string, s: JsonSchema): ContractDocument => ({ file: `events/${type}.json`, title: `event ${type}`, direction: 'event', eventType: type, schema: s });
const text = (s: JsonSchema) => documentText(event('x.y.z.v1', s));

const v1 = schema({ a: { type: 'string' } }, ['a']);
const withOptional = schema({ a: { type: 'string' }, b: { type: 'string' } }, ['a']);
const withoutA = schema({}, []);

describe('planSnapshots', () => {
  it('writes what is new, writes a compatible change, keeps what is the same', () => {
    const committed = new Map([
      ['events/a.b.c.v1.json', text(v1)],
      ['events/a.b.d.v1.json', text(v1)],
    ]);
    const plan = planSnapshots([event('a.b.c.v1', v1), event('a.b.d.v1', withOptional), event('a.b.e.v1', v1)], committed);
    expect(plan.unchanged).toEqual(['events/a.b.c.v1.json']);
    expect(plan.writes.map((w) => [w.file, w.why])).toEqual([
      ['events/a.b.d.v1.json', 'compatible change'],
      ['events/a.b.e.v1.json', 'new'],
    ]);
    expect(plan.writes[0]?.text).toBe(text(withOptional));
    expect(plan.refusals).toEqual([]);
  });

  it('refuses a breaking change, with what breaks, and writes nothing for it', () => {
    const plan = planSnapshots([event('a.b.c.v1', withoutA)], new Map([['events/a.b.c.v1.json', text(v1)]]));
    expect(plan.writes).toEqual([]);
    expect(plan.refusals.map((r) => [r.document.file, r.changes.map((c) => c.path)])).toEqual([['events/a.b.c.v1.json', ['$.a']]]);
  });

  it('keeps and names a snapshot no document makes any more', () => {
    const plan = planSnapshots([], new Map([['events/a.b.c.v1.json', text(v1)]]));
    expect(plan.orphans).toEqual(['events/a.b.c.v1.json']);
    expect(plan.writes).toEqual([]);
  });

  it('refuses to overwrite a snapshot it cannot read', () => {
    const plan = planSnapshots([event('a.b.c.v1', v1)], new Map([['events/a.b.c.v1.json', '{ not json']]));
    expect(plan.refusals[0]?.changes[0]?.reason).toContain('not JSON');
  });
});

describe('snapshotProblem', () => {
  const committed = text(v1);

  it('is nothing when the snapshot is the document', () => {
    expect(snapshotProblem(event('a.b.c.v1', v1), committed)).toBeUndefined();
  });

  it('asks to run the script for a missing snapshot or a compatible change', () => {
    expect(snapshotProblem(event('a.b.c.v1', v1), undefined)).toContain('has no committed snapshot: run `npm run contracts:snapshot`');
    expect(snapshotProblem(event('a.b.c.v1', withOptional), committed)).toContain('changed compatibly');
  });

  it('lists a breaking change and says which version to publish instead', () => {
    expect(snapshotProblem(event('a.b.c.v1', withoutA), committed)).toBe(
      'event a.b.c.v1 is not backward compatible with its committed snapshot events/a.b.c.v1.json:\n' +
        '  $.a: field removed (or renamed): a published field stays; add a new one beside it, or publish a new version\n' +
        'To change it, publish a new version a.b.c.v2 beside a.b.c.v1 (its own EventTypes entry and data schema), and keep a.b.c.v1 as it is until every consumer has moved.',
    );
  });
});

describe('advice', () => {
  it('names the next version of an event', () => {
    expect(nextEventVersion('scoring.nardi.completed.v1')).toBe('scoring.nardi.completed.v2');
    expect(nextEventVersion('scoring.nardi.completed.v9')).toBe('scoring.nardi.completed.v10');
  });

  it('tells a route to stay compatible or add a route beside it', () => {
    const route: ContractDocument = { file: 'http/api/x/POST.request.json', title: 'POST /api/x request body', direction: 'request', schema: v1 };
    expect(breakingChangeAdvice(route)).toContain('add a new route beside it');
  });
});
