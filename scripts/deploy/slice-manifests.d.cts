// Types of slice-manifests.cjs for the TypeScript that uses it (its unit test).
export interface Manifest {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [field: string]: unknown;
}
export declare function runtimeWorkspaces(slice: string, manifestOf: (dir: string) => Manifest, lockPackages: Readonly<Record<string, { link?: boolean; resolved?: string }>>): string[];
export declare function runtimeManifests(rootManifest: Manifest, workspaces: readonly string[], manifestOf: (dir: string) => Manifest): Record<string, Manifest>;
export declare function rewriteManifests(root: string, slice: string): string[];
