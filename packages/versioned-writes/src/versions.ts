/**
 * A version as a record holds it. A record without one (never given a version, or written
 * before it kept them) holds version 0: every version published is 1 or more.
 */
export type StoredVersion = number | null | undefined;

/** Where an incoming version stands against the stored one. */
export type VersionOrder = 'newer' | 'same' | 'older';

/**
 * The version of a record that is final, such as an erased participant's: no version replaces it,
 * so nothing written before the erasure comes back.
 */
export const FINAL_VERSION = Number.MAX_SAFE_INTEGER;

const held = (stored: StoredVersion): number => stored ?? 0;

/** Where `incoming` stands against `stored` (none stored: 0). */
export function versionOrder(incoming: number, stored: StoredVersion): VersionOrder {
  const current = held(stored);
  return incoming > current ? 'newer' : incoming === current ? 'same' : 'older';
}

/**
 * The rule: an incoming version replaces the stored one only when it is newer. The same version
 * again (a redelivery) or an older one (arriving late) replaces nothing.
 */
export function replacesVersion(incoming: number, stored: StoredVersion): boolean {
  return versionOrder(incoming, stored) === 'newer';
}

/** The version a producer publishes after the stored one: the one version that replaces it next. */
export function nextVersion(stored: StoredVersion): number {
  const current = held(stored);
  if (current >= FINAL_VERSION) throw new Error('A final version has no next version');
  return current + 1;
}

/**
 * The rule as a database filter on `field`: it matches the records whose version `incoming`
 * replaces (replacesVersion), those without one included, so a guarded update or delete acts on
 * exactly what the rule lets the new version replace.
 */
export function replacedVersionsFilter<F extends string>(field: F, incoming: number): { $or: [Record<F, { $lt: number }>, Record<F, null>] } {
  // `field: null` matches a missing field too.
  return { $or: [{ [field]: { $lt: incoming } } as Record<F, { $lt: number }>, { [field]: null } as Record<F, null>] };
}
