// Types of test-report.cjs for the TypeScript that uses it (its unit test).
export interface TimingNote {
  kind: 'test' | 'beforeAll' | 'beforeEach' | 'afterAll' | 'afterEach';
  title: string;
  ms: number;
  limitMs: number;
  failed: boolean;
  attempt?: number;
  file: string;
}
export interface JestAssertion {
  ancestorTitles: string[];
  title: string;
  status: string;
  invocations?: number;
}
export interface JestReport {
  testResults?: { name: string; status: string; assertionResults?: JestAssertion[] }[];
}
export interface TestRef {
  file: string;
  title: string;
}
export declare const CLOSE_TO_LIMIT: number;
export declare function readTimings(dir: string, root: string): TimingNote[];
export declare function closeToLimit(notes: readonly TimingNote[], share?: number): TimingNote[];
export declare function slowest(notes: readonly TimingNote[], count?: number): TimingNote[];
export declare function retriedTests(report: JestReport, root: string): (TestRef & { tries: number; status: string })[];
export declare function failuresOf(report: JestReport, root: string): TestRef[];
export declare function summaryLines(input: { report: JestReport | null; notes: readonly TimingNote[]; root: string }): string[];
/** "file › title" of a note, naming the hook kind for a hook. */
export declare function describeNote(note: TimingNote): string;
/** Milliseconds as seconds with one decimal, e.g. "2.9 s". */
export declare function seconds(ms: number): string;
export declare function failuresByTest(runs: readonly (readonly TestRef[])[]): (TestRef & { runs: number[] })[];
