import { describeBreakingChanges, findBreakingChanges, type BreakingChange, type JsonSchema } from '../compatibility/breaking-changes';
import { documentText, type ContractDocument } from '../json-schema/contract-documents';

export interface SnapshotWrite {
  file: string;
  text: string;
  why: 'new' | 'compatible change';
}

export interface SnapshotRefusal {
  document: ContractDocument;
  changes: BreakingChange[];
}

/** What `npm run contracts:snapshot` does with the committed snapshots. */
export interface SnapshotPlan {
  writes: SnapshotWrite[];
  /** Backward-incompatible: the committed snapshot stays as it is. */
  refusals: SnapshotRefusal[];
  unchanged: string[];
  /** Committed snapshots no document makes any more: kept, never deleted by the script. */
  orphans: string[];
}

/** 'scoring.nardi.completed.v1' -> 'scoring.nardi.completed.v2'. */
export function nextEventVersion(type: string): string {
  return type.replace(/\.v(\d+)$/, (_all, major: string) => `.v${Number(major) + 1}`);
}

/** How to make a breaking change of this document without breaking anyone. */
export function breakingChangeAdvice(document: ContractDocument): string {
  if (document.eventType) {
    const next = nextEventVersion(document.eventType);
    return `publish a new version ${next} beside ${document.eventType} (its own EventTypes entry and data schema), and keep ${document.eventType} as it is until every consumer has moved.`;
  }
  if (document.direction === 'event') return 'every event travels in this envelope: keep it backward compatible.';
  return 'keep the route backward compatible (add optional fields, keep the old ones), or add a new route beside it.';
}

/** The breaking changes from a committed snapshot's text to the document, or a reason it cannot be read. */
export function changesSinceSnapshot(document: ContractDocument, committedText: string): BreakingChange[] {
  let committed: JsonSchema;
  try {
    committed = JSON.parse(committedText) as JsonSchema;
  } catch {
    return [{ path: '$', reason: 'the committed snapshot is not JSON: counted as breaking' }];
  }
  return findBreakingChanges(committed, document.schema, document.direction);
}

/**
 * What is wrong with a document against its committed snapshot (undefined when they are the
 * same): none yet, a backward-incompatible change, or a compatible one not written yet.
 */
export function snapshotProblem(document: ContractDocument, committedText: string | undefined): string | undefined {
  if (committedText === undefined) return `${document.file} (${document.title}) has no committed snapshot: run \`npm run contracts:snapshot\` and commit it.`;
  if (committedText === documentText(document)) return undefined;
  const changes = changesSinceSnapshot(document, committedText);
  if (changes.length > 0) {
    return `${document.title} is not backward compatible with its committed snapshot ${document.file}:\n${describeBreakingChanges(changes)}\nTo change it, ${breakingChangeAdvice(document)}`;
  }
  return `${document.title} changed compatibly since ${document.file} was written: run \`npm run contracts:snapshot\` and commit it.`;
}

/**
 * New documents and backward-compatible changes are written; a breaking change is refused and
 * its snapshot kept; a snapshot without a document is kept and named.
 */
export function planSnapshots(documents: readonly ContractDocument[], committed: ReadonlyMap<string, string>): SnapshotPlan {
  const plan: SnapshotPlan = { writes: [], refusals: [], unchanged: [], orphans: [] };
  for (const document of documents) {
    const text = documentText(document);
    const before = committed.get(document.file);
    if (before === undefined) {
      plan.writes.push({ file: document.file, text, why: 'new' });
      continue;
    }
    if (before === text) {
      plan.unchanged.push(document.file);
      continue;
    }
    const changes = changesSinceSnapshot(document, before);
    if (changes.length > 0) plan.refusals.push({ document, changes });
    else plan.writes.push({ file: document.file, text, why: 'compatible change' });
  }
  const made = new Set(documents.map((d) => d.file));
  plan.orphans = [...committed.keys()].filter((file) => !made.has(file)).sort();
  return plan;
}
