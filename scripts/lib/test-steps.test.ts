import { mergeJestReports, type JestRunReport } from './test-steps';

const report = (passed: number, failed: number, name: string): JestRunReport => ({
  numTotalTests: passed + failed + 1,
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [{ name, status: failed ? 'failed' : 'passed', assertionResults: [] }],
});

describe('mergeJestReports', () => {
  it("sums the runs' counts and lists their test files in order", () => {
    expect(mergeJestReports([report(3, 0, '/r/a.test.ts'), null, report(2, 1, '/r/b.int.test.ts')])).toEqual({
      numTotalTests: 8,
      numPassedTests: 5,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 0,
      testResults: [
        { name: '/r/a.test.ts', status: 'passed', assertionResults: [] },
        { name: '/r/b.int.test.ts', status: 'failed', assertionResults: [] },
      ],
    });
  });

  it('is null when no run wrote a report', () => {
    expect(mergeJestReports([null, null])).toBeNull();
  });
});
