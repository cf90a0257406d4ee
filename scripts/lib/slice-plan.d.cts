// Types of slice-plan.cjs for the TypeScript that uses it (its unit test).
export declare const CONTRACTS_DIR: string;
export declare function declaredSlices(source: string): string[] | null;
export declare function declarationProblems(files: readonly { path: string; source: string }[], known: readonly string[]): string[];
export declare function assertKnownSlice(slice: string, known: readonly string[]): void;
export declare function selectTests(input: {
  slice: string;
  known: readonly string[];
  testFiles: readonly string[];
  browserSlices: Readonly<Record<string, readonly string[]>>;
  browser: boolean;
}): { own: string[]; contracts: string[]; browser: string[] };
export declare function workspaceDependencies(slice: string, workspaces: readonly { dir: string; name: string; dependencies: readonly string[] }[]): string[];
export declare function checkTargets(input: { slice: string; dependencies: readonly string[]; browserTests: readonly string[] }): { lint: string[]; typeCheck: string[] };
