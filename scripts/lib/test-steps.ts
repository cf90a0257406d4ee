// The steps `npm test` and `npm run slice` share: a timed command, the local services and tools
// the tests need, and jest runs with their results summed up.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { selectedProjects } from './coverage';
import { failuresOf, readTimings, summaryLines, type JestReport, type TimingNote } from './test-report.cjs';
import { coverageShortfalls, describeCoverage, parseCoverageTotals, thresholdApplies, type JestRunPlan } from './test-plan';

/** What `say` prints: a line of the tool's progress. */
export type Say = (msg: string) => void;

/** A command run to the end in the repository, timed; throws when it fails. */
export function step(root: string, say: Say, name: string, cmd: string, args: readonly string[]): void {
  say(name);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${name} failed`);
  say(`${name}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** RabbitMQ, Redis and FerretDB for the integration and browser tests. */
export async function ensureTestServices(say: Say): Promise<void> {
  const { ensureRabbitMq, ensureRedis } = await import('./local-services');
  await ensureRabbitMq(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672', say);
  await ensureRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', say);
  if (!process.env.MONGO_URL) (await import('./ferretdb')).ensureFerretInstalled(say);
}

/** Chromium, and poppler-utils to read the report PDF back, for the browser tests. */
export async function ensureBrowserTools(say: Say): Promise<void> {
  (await import('./chromium')).ensureChromium(say);
  const { ensureDebianTool } = await import('./system-tools');
  ensureDebianTool('pdftotext', 'poppler-utils', say);
  ensureDebianTool('pdftoppm', 'poppler-utils', say);
}

/** jest's --json report: the results test-report.cjs reads, and the counts. */
export interface JestRunReport extends JestReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

/** Reads jest's --json report, checking the counts this tool prints. */
export function parseJestReport(text: string): JestRunReport {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('the jest report is not a JSON object');
  const fields = parsed as Record<string, unknown>;
  for (const count of ['numTotalTests', 'numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests']) {
    if (typeof fields[count] !== 'number') throw new Error(`the jest report has no ${count}`);
  }
  return parsed as JestRunReport;
}

export interface JestRun {
  /** jest's exit status (null when it was killed by a signal). */
  status: number | null;
  /** null when jest wrote no report. */
  report: JestRunReport | null;
  notes: TimingNote[];
}

/**
 * One jest run: its JSON report in `reportFile` and the timed environments' notes in
 * `timingsDir` (both cleared first). Answers jest's exit status, the report (null when jest
 * wrote none) and the notes.
 */
export function runJestOnce(root: string, jestArgs: readonly string[], { reportFile, timingsDir, env = process.env }: { reportFile: string; timingsDir: string; env?: NodeJS.ProcessEnv }): JestRun {
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  fs.rmSync(reportFile, { force: true });
  fs.rmSync(timingsDir, { recursive: true, force: true });
  // --forceExit: the fault project's private RabbitMQ node (its epmd) can keep jest waiting for a
  // minute after the last test; every stack and process a test started is stopped by its teardown.
  const jest = path.join(root, 'node_modules', '.bin', 'jest');
  const res = spawnSync(jest, ['--ci', '--json', '--forceExit', `--outputFile=${reportFile}`, ...jestArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, TEST_TIMINGS_DIR: timingsDir },
  });
  const report = fs.existsSync(reportFile) ? parseJestReport(fs.readFileSync(reportFile, 'utf8')) : null;
  return { status: res.status, report, notes: readTimings(timingsDir, root) };
}

/** The reports of several jest runs as one: their counts summed, their test files in a row. */
export function mergeJestReports(reports: readonly (JestRunReport | null)[]): JestRunReport | null {
  const present = reports.filter((r): r is JestRunReport => r !== null);
  if (present.length === 0) return null;
  const sum = (count: 'numTotalTests' | 'numPassedTests' | 'numFailedTests' | 'numPendingTests' | 'numTodoTests'): number => present.reduce((n, r) => n + r[count], 0);
  return {
    numTotalTests: sum('numTotalTests'),
    numPassedTests: sum('numPassedTests'),
    numFailedTests: sum('numFailedTests'),
    numPendingTests: sum('numPendingTests'),
    numTodoTests: sum('numTodoTests'),
    testResults: present.flatMap((r) => r.testResults ?? []),
  };
}

/** Where a coverage run's json-summary goes (jest.config.js: coverageDirectory). */
const coverageSummaryFile = (root: string): string => path.join(root, 'coverage', 'coverage-summary.json');

/**
 * The planned jest runs (scripts/lib/test-plan.ts), one after the other: a run that fails does not
 * stop the next, as in one jest run a failing project does not stop the others. Each run's JSON
 * report goes to .test-artifacts/jest-results.<run>.json and its timing notes to
 * .test-artifacts/test-timings/<run>/, and the reports together to .test-artifacts/jest-results.json
 * (a single run writes there and to test-timings/ directly). Then prints, over all runs, the retried
 * tests, those close to their time limit, the failures, the coverage of the covered run (held to
 * COVERAGE_THRESHOLD when it covered all of unit and ui), and the counts last; throws when a test
 * failed, none ran, or the coverage fell below its threshold.
 */
export function runJestPlans(root: string, plans: readonly JestRunPlan[], say: Say = () => {}): void {
  const artifacts = path.join(root, '.test-artifacts');
  const timingsRoot = path.join(artifacts, 'test-timings');
  const single = plans.length === 1;
  fs.rmSync(timingsRoot, { recursive: true, force: true });
  const runs: (JestRun & { plan: JestRunPlan })[] = [];
  for (const [i, plan] of plans.entries()) {
    if (!single) say(`Jest run ${i + 1} of ${plans.length}: ${plan.projects.join(', ')}${plan.coverage ? ', with coverage' : ''}`);
    if (plan.coverage) fs.rmSync(coverageSummaryFile(root), { force: true });
    const reportFile = path.join(artifacts, single ? 'jest-results.json' : `jest-results.${plan.name}.json`);
    runs.push({ plan, ...runJestOnce(root, plan.args, { reportFile, timingsDir: single ? timingsRoot : path.join(timingsRoot, plan.name) }) });
  }
  const report = mergeJestReports(runs.map((r) => r.report));
  if (!single && report) fs.writeFileSync(path.join(artifacts, 'jest-results.json'), `${JSON.stringify(report)}\n`);

  for (const line of summaryLines({ report, notes: runs.flatMap((r) => r.notes), root })) console.log(line);
  if (report) {
    const failed = failuresOf(report, root);
    if (failed.length > 0) console.log(`Failed (${failed.length}):\n${failed.map((f) => `  ${f.file} › ${f.title}`).join('\n')}`);
  }
  const problems: string[] = [];
  const covered = runs.find((r) => r.plan.coverage);
  if (covered) {
    const file = coverageSummaryFile(root);
    if (fs.existsSync(file)) {
      const totals = parseCoverageTotals(JSON.parse(fs.readFileSync(file, 'utf8')));
      console.log(`Coverage (${covered.plan.projects.join(', ')}; ${path.relative(root, path.dirname(file))}/): ${describeCoverage(totals)}`);
      const shortfalls = thresholdApplies(covered.plan) ? coverageShortfalls(totals) : [];
      if (shortfalls.length > 0) {
        console.log(`Coverage below its threshold (scripts/lib/test-plan.ts): ${shortfalls.join(', ')}`);
        problems.push('coverage fell below its threshold');
      }
    } else console.log(`Coverage: jest wrote no ${path.relative(root, file)}`);
  }
  if (report) {
    const skipped = report.numPendingTests + report.numTodoTests;
    // The closing line, last: a reader of the output's end sees the counts.
    console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
    if (report.numTotalTests === 0) problems.unshift('jest ran no test');
  }
  if (runs.some((r) => r.status !== 0)) problems.unshift('some tests failed');
  if (problems.length > 0) throw new Error(problems.join('; '));
}

/**
 * One jest run with a JSON report in .test-artifacts/jest-results.json; prints the counts, the
 * retried tests and those close to their time limit, and throws when a test failed or none ran.
 */
export function runJest(root: string, jestArgs: readonly string[]): void {
  runJestPlans(root, [{ name: 'all', projects: selectedProjects(jestArgs) ?? [], args: [...jestArgs], coverage: false }]);
}
