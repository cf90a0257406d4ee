import { FINAL_VERSION, nextVersion, replacedVersionsFilter, replacesVersion, versionOrder, type StoredVersion } from './versions';

describe('only a newer version wins', () => {
  it.each<[string, number, StoredVersion, 'newer' | 'same' | 'older']>([
    ['a first version over none stored', 1, undefined, 'newer'],
    ['a first version over a null', 1, null, 'newer'],
    ['a first version over version 0 (a new record)', 1, 0, 'newer'],
    ['the next version', 3, 2, 'newer'],
    ['a version several ahead (those between were missed)', 7, 2, 'newer'],
    ['the same version again (a redelivery)', 2, 2, 'same'],
    ['an older version arriving late', 1, 2, 'older'],
    ['any version against a final record (an erased participant)', 1_000_000, FINAL_VERSION, 'older'],
  ])('%s: %s against %s is %s', (_case, incoming, stored, order) => {
    expect(versionOrder(incoming, stored)).toBe(order);
    expect(replacesVersion(incoming, stored)).toBe(order === 'newer');
  });

  it('lets nothing replace a final record, not even the final version itself', () => {
    expect(replacesVersion(FINAL_VERSION, FINAL_VERSION)).toBe(false);
    expect(() => nextVersion(FINAL_VERSION)).toThrow('final');
  });

  it('publishes the next version after the stored one (1 after none), which the rule lets replace it', () => {
    expect(nextVersion(undefined)).toBe(1);
    expect(nextVersion(null)).toBe(1);
    expect(nextVersion(4)).toBe(5);
    for (const stored of [undefined, null, 0, 1, 41]) expect(replacesVersion(nextVersion(stored), stored)).toBe(true);
  });

  it('builds the filter of the versions an incoming one replaces: older ones and none', () => {
    expect(replacedVersionsFilter('version', 3)).toEqual({ $or: [{ version: { $lt: 3 } }, { version: null }] });
    expect({ pgId: 'p-1', ...replacedVersionsFilter('scoreVersion', 1) }).toEqual({ pgId: 'p-1', $or: [{ scoreVersion: { $lt: 1 } }, { scoreVersion: null }] });
  });
});
