import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { contractCatalogue, type ContractCatalogue } from './catalogue/contract-catalogue';
import { EventTypes, nardiCompletedDataSchema, RETIRED_EVENT_TYPES } from './events';
import { contractDocuments, type ContractDocument } from './json-schema/contract-documents';
import { droppedEventVersions, eventTypeOfSnapshot } from './snapshots/published-versions';
import { readSnapshots, SNAPSHOTS_DIR, writeSnapshot } from './snapshots/snapshot-files';
import { nextEventVersion, planSnapshots, snapshotProblem } from './snapshots/snapshot-plan';

/**
 * The contract test: every HTTP body and event version as the code has it now, against the
 * JSON Schema committed in packages/contracts/snapshots. A change that breaks a party still on
 * the committed schema fails everywhere. A new or compatible one passes and, as jest does with
 * its own snapshots, is written to the snapshot outside CI (the diff to commit, seen in review);
 * in CI it must be committed already, so the committed schema never lags the code.
 */
const committed = readSnapshots(SNAPSHOTS_DIR);
const documents = contractDocuments();
const inCi = process.env.CI === 'true' || process.env.CI === '1';

function fail(problem: string | undefined): void {
  if (problem !== undefined) throw new Error(problem);
}

describe('contract snapshots', () => {
  it.each(documents.map((d) => [d.file, d] as const))('%s is backward compatible with its committed snapshot', (_file, document) => {
    const before = committed.get(document.file);
    const [write] = planSnapshots([document], before === undefined ? new Map() : new Map([[document.file, before]])).writes;
    if (write && !inCi) {
      writeSnapshot(SNAPSHOTS_DIR, write.file, write.text);
      console.info(`${write.file}: ${write.why} written; commit it.`);
      return;
    }
    fail(snapshotProblem(document, before));
  });

  it('keeps every published event version: a snapshot of a version not in EventTypes must be retired on purpose', () => {
    const dropped = droppedEventVersions(committed.keys(), Object.values(EventTypes), RETIRED_EVENT_TYPES);
    if (dropped.length > 0) {
      fail(
        `Published event versions removed from EventTypes: ${dropped.join(', ')}. A version is retired only when no consumer handles it any more: ` +
          'then add it to RETIRED_EVENT_TYPES (events.ts) with the date and the reason, and keep its snapshot.',
      );
    }
  });

  it('retires a version only when it is published and handled nowhere, and keeps its snapshot', () => {
    const repo = path.resolve(__dirname, '..', '..', '..');
    const serviceSources = fs
      .readdirSync(repo)
      .filter((name) => name.startsWith('svc-'))
      .flatMap((service) => sourceFiles(path.join(repo, service, 'src')));
    for (const { type, retiredOn, reason } of RETIRED_EVENT_TYPES) {
      expect({ type, inEventTypes: (Object.values(EventTypes) as string[]).includes(type) }).toEqual({ type, inEventTypes: false });
      expect({ type, snapshot: committed.has(`events/${type}.json`) }).toEqual({ type, snapshot: true });
      expect(retiredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(reason.trim()).not.toBe('');
      const naming = serviceSources.filter((file) => fs.readFileSync(file, 'utf8').includes(type));
      expect({ type, namedBy: naming.map((f) => path.relative(repo, f)) }).toEqual({ type, namedBy: [] });
    }
  });

  it('has no HTTP snapshot without a route: removing a route is deliberate, its snapshot deleted by hand with it', () => {
    const made = new Set(documents.map((d) => d.file));
    expect([...committed.keys()].filter((file) => !made.has(file) && eventTypeOfSnapshot(file) === undefined)).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the versioning rule, on the committed scoring.nardi.completed.v1', () => {
  const v1 = EventTypes.nardiCompleted;
  const file = `events/${v1}.json`;
  const withEvents = (eventData: ContractCatalogue['eventData']): ContractDocument[] => contractDocuments({ ...contractCatalogue, eventData });
  const v1Document = (data: z.ZodType): ContractDocument => {
    const document = withEvents({ [v1]: data }).find((d) => d.file === file);
    if (!document) throw new Error(`no document ${file}`);
    return document;
  };

  it('removing a field is breaking: the contract test fails and asks for a .v2', () => {
    const problem = snapshotProblem(v1Document(nardiCompletedDataSchema.omit({ completedAt: true })), committed.get(file));
    expect(problem).toContain(`event ${v1} is not backward compatible`);
    expect(problem).toContain('$.completedAt: field removed');
    expect(problem).toContain(`publish a new version scoring.nardi.completed.v2 beside ${v1}`);
  });

  it('renaming a field is breaking', () => {
    const renamed = nardiCompletedDataSchema.omit({ consistency: true }).extend({ consistencyScore: z.number().int().min(0).max(10) });
    const problem = snapshotProblem(v1Document(renamed), committed.get(file));
    expect(problem).toContain('$.consistency: field removed');
    expect(problem).toContain('$.consistencyScore: new required field');
  });

  it('making an optional field required is breaking', () => {
    const problem = snapshotProblem(v1Document(nardiCompletedDataSchema.required({ scores: true })), committed.get(file));
    expect(problem).toContain('$.scores: field became required');
  });

  it('narrowing a type is breaking', () => {
    const problem = snapshotProblem(v1Document(nardiCompletedDataSchema.extend({ consistency: z.number().int().min(0).max(5) })), committed.get(file));
    expect(problem).toContain('$.consistency: maximum changed from 10 to 5');
  });

  it('adding an optional field is compatible: the snapshot script writes it, and until then the test asks for it', () => {
    const document = v1Document(nardiCompletedDataSchema.extend({ fieldAddedByThisTest: z.string().optional() }));
    expect(snapshotProblem(document, committed.get(file))).toBe(`${document.title} changed compatibly since ${file} was written: run \`npm run contracts:snapshot\` and commit it.`);
    const plan = planSnapshots([document], committed);
    expect(plan.refusals).toEqual([]);
    expect(plan.writes.map((w) => [w.file, w.why])).toEqual([[file, 'compatible change']]);
  });

  it('the snapshot script refuses the breaking change and keeps the committed v1', () => {
    const plan = planSnapshots([v1Document(nardiCompletedDataSchema.omit({ completedAt: true }))], committed);
    expect(plan.writes).toEqual([]);
    expect(plan.refusals.map((r) => [r.document.file, r.changes.map((c) => c.path)])).toEqual([[file, ['$.completedAt']]]);
  });

  it('the breaking change published as a new version beside an unchanged .v1 passes, once written', () => {
    // The version after the newest one there is (.v2 while there is only .v1).
    const newest = Object.values(EventTypes)
      .filter((type) => type.startsWith('scoring.nardi.completed.v'))
      .sort((a, b) => Number(a.split('.v')[1]) - Number(b.split('.v')[1]))
      .at(-1);
    const v2 = nextEventVersion(newest ?? v1);
    const documents = withEvents({ ...contractCatalogue.eventData, [v2]: nardiCompletedDataSchema.omit({ completedAt: true }) });
    const plan = planSnapshots(documents, committed);
    expect(plan.refusals).toEqual([]);
    expect(plan.writes.map((w) => [w.file, w.why])).toEqual([[`events/${v2}.json`, 'new']]);
    const afterWrite = new Map([...committed, ...plan.writes.map((w) => [w.file, w.text] as const)]);
    const nardiResults = documents.filter((d) => d.eventType?.startsWith('scoring.nardi.completed.'));
    expect(nardiResults.map((d) => d.eventType)).toEqual(expect.arrayContaining([v1, v2]));
    expect(nardiResults.map((d) => snapshotProblem(d, afterWrite.get(d.file))).filter(Boolean)).toEqual([]);
  });

  it('removing .v1 from EventTypes without retiring it fails', () => {
    const current = Object.values(EventTypes).filter((type) => type !== v1);
    expect(droppedEventVersions(committed.keys(), current, [])).toEqual([v1]);
    expect(droppedEventVersions(committed.keys(), current, [{ type: v1, retiredOn: '2026-11-24', reason: 'every consumer reads .v2' }])).toEqual([]);
  });
});
