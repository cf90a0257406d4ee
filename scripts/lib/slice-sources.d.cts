// Types of slice-sources.cjs for the TypeScript that uses it (the unit tests).
export declare function browserTestSources(root: string): { path: string; source: string }[];
export declare function workspaceManifests(root: string): { dir: string; name: string; dependencies: string[] }[];
