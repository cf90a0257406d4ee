import type { RetiredEventType } from '../events';

/** 'events/scoring.nardi.completed.v1.json' -> 'scoring.nardi.completed.v1'; undefined for other snapshots. */
export function eventTypeOfSnapshot(file: string): string | undefined {
  const match = /^events\/(.+)\.json$/.exec(file);
  return match?.[1];
}

/**
 * Event versions that have a committed snapshot (they were published) but are neither in
 * EventTypes nor retired: a published version was removed without being retired.
 */
export function droppedEventVersions(snapshotFiles: Iterable<string>, eventTypes: readonly string[], retired: readonly RetiredEventType[]): string[] {
  const accounted = new Set([...eventTypes, ...retired.map((r) => r.type)]);
  return [...snapshotFiles]
    .map(eventTypeOfSnapshot)
    .filter((type): type is string => type !== undefined && !accounted.has(type))
    .sort();
}
