// How `npm test` splits jest into runs: the covered projects (unit, ui) in a run of their own with
// V8 coverage, every other project in a second run without it. Jest runs in band on 2 cores, so
// coverage in one run with the browser and fault projects slowed those too, about 3-4x; in a run of
// their own only the unit and ui tests pay for it. Also the threshold their coverage is held to.
import { COVERED_PROJECTS, selectedProjects } from './coverage';

export interface JestRunPlan {
  /** Names the run in the output and its report file (.test-artifacts/jest-results.<name>.json). */
  name: 'covered' | 'rest' | 'all';
  /** The projects the run selects, in jest.config.js's order. */
  projects: string[];
  /** jest's arguments. */
  args: string[];
  coverage: boolean;
}

/** What jest reads as a coverage switch: --coverage[=bool], --no-coverage, --collectCoverage[=bool], --no-collectCoverage. */
const COVERAGE_FLAG = /^--(no-)?(coverage|collectCoverage)(=(true|false))?$/;

/** Whether the arguments leave coverage on (the default), by the last coverage switch among them. */
export function coverageWanted(jestArgs: readonly string[]): boolean {
  let wanted = true;
  for (const arg of jestArgs) {
    const m = COVERAGE_FLAG.exec(arg);
    if (m) wanted = !m[1] && m[4] !== 'false';
  }
  return wanted;
}

/**
 * `npm test`'s jest arguments: coverage off unless they switch it themselves (--coverage,
 * --no-coverage, ...). On 2 cores unit and ui with V8 coverage took 11 min on two workers and
 * about 30 in one process (plain: a few minutes), too much for the whole run's budget, so
 * coverage is `npm run coverage` or `npm test -- --coverage`.
 */
export function withCoverageOff(jestArgs: readonly string[]): string[] {
  return jestArgs.some((arg) => COVERAGE_FLAG.test(arg)) ? [...jestArgs] : ['--no-coverage', ...jestArgs];
}

/** The arguments without --selectProjects (and the projects after it) and without coverage switches. */
export function otherArgs(jestArgs: readonly string[]): string[] {
  const rest: string[] = [];
  for (let i = 0; i < jestArgs.length; i++) {
    const arg = jestArgs[i] ?? '';
    if (arg === '--selectProjects') {
      while (i + 1 < jestArgs.length && !(jestArgs[i + 1] ?? '').startsWith('-')) i++;
    } else if (!arg.startsWith('--selectProjects=') && !COVERAGE_FLAG.test(arg)) rest.push(arg);
  }
  return rest;
}

/**
 * The jest runs for `npm test [-- <jest args>]`, given every project jest.config.js defines.
 * Coverage on (the default): the selected covered projects in one run with --coverage, the other
 * selected projects in a second; each passes with no test found (a path pattern may match only
 * one run's files: the caller checks that some test ran). Coverage switched off: one run, the
 * arguments as given, as before the split.
 */
export function planJestRuns(jestArgs: readonly string[], allProjects: readonly string[]): JestRunPlan[] {
  const selected = selectedProjects(jestArgs) ?? [...allProjects];
  if (!coverageWanted(jestArgs)) return [{ name: 'all', projects: selected, args: [...jestArgs], coverage: false }];
  const covered = (COVERED_PROJECTS as readonly string[]).filter((p) => selected.includes(p));
  // A name jest does not know goes to the second run, where jest says so.
  const rest = selected.filter((p) => !covered.includes(p));
  const args = otherArgs(jestArgs);
  const noTests = covered.length > 0 && rest.length > 0 ? ['--passWithNoTests'] : [];
  // --selectProjects last: jest would read a path pattern after its projects as one more project.
  const plans: JestRunPlan[] = [];
  if (covered.length > 0) plans.push({ name: 'covered', projects: covered, args: ['--coverage', ...noTests, ...args, '--selectProjects', ...covered], coverage: true });
  if (rest.length > 0) plans.push({ name: 'rest', projects: rest, args: [...noTests, ...args, '--selectProjects', ...rest], coverage: false });
  return plans;
}

/** The four figures of an istanbul coverage summary (coverage/coverage-summary.json). */
export const COVERAGE_METRICS = ['statements', 'branches', 'functions', 'lines'] as const;
export type CoverageMetric = (typeof COVERAGE_METRICS)[number];

export interface CoverageFigure {
  total: number;
  covered: number;
  pct: number;
}
export type CoverageTotals = Record<CoverageMetric, CoverageFigure>;

/**
 * The least coverage (per cent) of the unit and ui projects together, each figure set just below
 * what they reached on 2026-11-27 (statements 91.72, branches 91.51, functions 81.04, lines 91.72),
 * so that a drop fails `npm test`. Raise them as coverage grows.
 */
export const COVERAGE_THRESHOLD: Readonly<Record<CoverageMetric, number>> = { statements: 91.5, branches: 91, functions: 80.5, lines: 91.5 };

/**
 * Whether the threshold applies to a coverage run: only to the whole of the covered projects
 * (no path pattern, test name or other narrowing argument), as a part of them covers less.
 */
export function thresholdApplies(plan: JestRunPlan): boolean {
  return plan.coverage && plan.projects.length === COVERED_PROJECTS.length && otherArgs(plan.args).every((arg) => arg === '--passWithNoTests');
}

/** The `total` of jest's json-summary report. */
export function parseCoverageTotals(json: unknown): CoverageTotals {
  const total = typeof json === 'object' && json !== null ? (json as { total?: unknown }).total : undefined;
  if (typeof total !== 'object' || total === null) throw new Error('the coverage summary has no total');
  const figures = total as Record<string, unknown>;
  const read = (metric: CoverageMetric): CoverageFigure => {
    const f = figures[metric] as Partial<CoverageFigure> | undefined;
    if (typeof f?.total !== 'number' || typeof f.covered !== 'number' || typeof f.pct !== 'number') throw new Error(`the coverage summary has no ${metric}`);
    return { total: f.total, covered: f.covered, pct: f.pct };
  };
  return { statements: read('statements'), branches: read('branches'), functions: read('functions'), lines: read('lines') };
}

/** One line: "statements 81.23% (1200/1477), branches ...". */
export function describeCoverage(totals: CoverageTotals): string {
  return COVERAGE_METRICS.map((m) => `${m} ${totals[m].pct.toFixed(2)}% (${totals[m].covered}/${totals[m].total})`).join(', ');
}

/** Each figure below its threshold, e.g. "branches 71.20% < 72%". */
export function coverageShortfalls(totals: CoverageTotals, threshold: Readonly<Record<CoverageMetric, number>> = COVERAGE_THRESHOLD): string[] {
  return COVERAGE_METRICS.filter((m) => totals[m].pct < threshold[m]).map((m) => `${m} ${totals[m].pct.toFixed(2)}% < ${threshold[m]}%`);
}
