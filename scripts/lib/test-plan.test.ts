import { COVERAGE_THRESHOLD, coverageShortfalls, coverageWanted, describeCoverage, otherArgs, parseCoverageTotals, planJestRuns, thresholdApplies, withCoverageOff, type CoverageTotals } from './test-plan';

const ALL = ['unit', 'ui', 'integration', 'e2e', 'fault'];

describe('planJestRuns', () => {
  it('runs unit and ui with coverage, then every other project without it', () => {
    expect(planJestRuns([], ALL)).toEqual([
      { name: 'covered', projects: ['unit', 'ui'], args: ['--coverage', '--passWithNoTests', '--selectProjects', 'unit', 'ui'], coverage: true },
      { name: 'rest', projects: ['integration', 'e2e', 'fault'], args: ['--passWithNoTests', '--selectProjects', 'integration', 'e2e', 'fault'], coverage: false },
    ]);
  });

  it('gives both runs the other arguments, and lets either find no test (a pattern may match one run only)', () => {
    const [covered, rest] = planJestRuns(['svc-scoring', '-t', 'final score'], ALL);
    // The projects last: jest would take a pattern after them for one more project.
    expect(covered?.args).toEqual(['--coverage', '--passWithNoTests', 'svc-scoring', '-t', 'final score', '--selectProjects', 'unit', 'ui']);
    expect(rest?.args).toEqual(['--passWithNoTests', 'svc-scoring', '-t', 'final score', '--selectProjects', 'integration', 'e2e', 'fault']);
  });

  it('splits the selected projects, and runs once when they all fall on one side', () => {
    expect(planJestRuns(['--selectProjects', 'ui', 'e2e', '--ci'], ALL).map((p) => [p.name, p.args])).toEqual([
      ['covered', ['--coverage', '--passWithNoTests', '--ci', '--selectProjects', 'ui']],
      ['rest', ['--passWithNoTests', '--ci', '--selectProjects', 'e2e']],
    ]);
    expect(planJestRuns(['--selectProjects=unit'], ALL)).toEqual([{ name: 'covered', projects: ['unit'], args: ['--coverage', '--selectProjects', 'unit'], coverage: true }]);
    expect(planJestRuns(['--selectProjects', 'integration', 'fault'], ALL)).toEqual([{ name: 'rest', projects: ['integration', 'fault'], args: ['--selectProjects', 'integration', 'fault'], coverage: false }]);
  });

  it('leaves a project jest does not know to the run without coverage, where jest names it', () => {
    expect(planJestRuns(['--selectProjects', 'unti'], ALL)).toEqual([{ name: 'rest', projects: ['unti'], args: ['--selectProjects', 'unti'], coverage: false }]);
  });

  it.each([['--no-coverage'], ['--coverage=false'], ['--collectCoverage=false']])('runs jest once, with the arguments as given, after %s', (flag) => {
    expect(planJestRuns(['--selectProjects', 'unit', 'e2e', flag], ALL)).toEqual([{ name: 'all', projects: ['unit', 'e2e'], args: ['--selectProjects', 'unit', 'e2e', flag], coverage: false }]);
  });

  it('takes --coverage as the default it is, not as coverage for the other projects', () => {
    expect(planJestRuns(['--coverage'], ALL).map((p) => p.args)).toEqual(planJestRuns([], ALL).map((p) => p.args));
  });
});

describe("npm test's arguments", () => {
  it('leave coverage off, so npm test is one jest run, unless they switch it themselves', () => {
    expect(planJestRuns(withCoverageOff(['svc-scoring']), ALL)).toEqual([{ name: 'all', projects: [...ALL], args: ['--no-coverage', 'svc-scoring'], coverage: false }]);
    expect(withCoverageOff(['--coverage', 'svc-scoring'])).toEqual(['--coverage', 'svc-scoring']);
    expect(planJestRuns(withCoverageOff(['--coverage']), ALL).map((p) => p.name)).toEqual(['covered', 'rest']);
  });
});

describe('coverage switches', () => {
  it('are on by default, and the last switch decides', () => {
    expect(coverageWanted(['svc-scoring'])).toBe(true);
    expect(coverageWanted(['--no-coverage', '--coverage'])).toBe(true);
    expect(coverageWanted(['--coverage', '--collectCoverage=false'])).toBe(false);
  });

  it('and the project selection are what otherArgs leaves out', () => {
    expect(otherArgs(['--selectProjects', 'unit', 'ui', '--ci', '--coverage=true', 'svc-scoring', '--selectProjects=e2e'])).toEqual(['--ci', 'svc-scoring']);
  });
});

describe('the coverage threshold', () => {
  const totals = (pct: number): CoverageTotals => ({
    statements: { total: 200, covered: 2 * pct, pct },
    branches: { total: 100, covered: pct, pct },
    functions: { total: 100, covered: pct, pct },
    lines: { total: 200, covered: 2 * pct, pct },
  });

  it('holds a run of all of unit and ui only', () => {
    const [covered] = planJestRuns([], ALL);
    expect(covered && thresholdApplies(covered)).toBe(true);
    for (const args of [['svc-scoring'], ['-t', 'final'], ['--selectProjects', 'unit', 'e2e']]) {
      const [narrowed] = planJestRuns(args, ALL);
      expect(narrowed && thresholdApplies(narrowed)).toBe(false);
    }
  });

  it('names each figure below it', () => {
    const figures = totals(50);
    figures.branches.pct = COVERAGE_THRESHOLD.branches - 0.5;
    expect(coverageShortfalls(figures, { statements: 40, branches: COVERAGE_THRESHOLD.branches, functions: 60, lines: 40 })).toEqual([
      `branches ${figures.branches.pct.toFixed(2)}% < ${COVERAGE_THRESHOLD.branches}%`,
      'functions 50.00% < 60%',
    ]);
    expect(coverageShortfalls(totals(100))).toEqual([]);
  });

  it("reads jest's json-summary total and prints it on one line", () => {
    const summary = { total: { ...totals(75), branchesTrue: { total: 0, covered: 0, skipped: 0, pct: 100 } }, '/repo/a.ts': {} };
    expect(describeCoverage(parseCoverageTotals(summary))).toBe('statements 75.00% (150/200), branches 75.00% (75/100), functions 75.00% (75/100), lines 75.00% (150/200)');
    expect(() => parseCoverageTotals({ total: { statements: { pct: 1 } } })).toThrow('no statements');
    expect(() => parseCoverageTotals([])).toThrow('no total');
  });
});
