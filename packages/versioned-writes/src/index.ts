// Only a newer version wins: the one rule for a versioned fact every service that keeps it applies.
export { FINAL_VERSION, nextVersion, replacedVersionsFilter, replacesVersion, versionOrder, type StoredVersion, type VersionOrder } from './versions';
