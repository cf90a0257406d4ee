// The steps `npm test` and `npm run slice` share: a timed command, the local services and tools
// the tests need, and one jest run with its results summed up.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { failuresOf, readTimings, summaryLines, type JestReport, type TimingNote } from './test-report.cjs';

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

/**
 * One jest run with a JSON report in .test-artifacts/jest-results.json; prints the counts, the
 * retried tests and those close to their time limit, and throws when a test failed or none ran.
 */
export function runJest(root: string, jestArgs: readonly string[]): void {
  const artifacts = path.join(root, '.test-artifacts');
  const { status, report, notes } = runJestOnce(root, jestArgs, { reportFile: path.join(artifacts, 'jest-results.json'), timingsDir: path.join(artifacts, 'test-timings') });
  for (const line of summaryLines({ report, notes, root })) console.log(line);
  if (report) {
    const failed = failuresOf(report, root);
    if (failed.length > 0) console.log(`Failed (${failed.length}):\n${failed.map((f) => `  ${f.file} › ${f.title}`).join('\n')}`);
    const skipped = report.numPendingTests + report.numTodoTests;
    // The closing line, last: a reader of the output's end sees the counts.
    console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
    if (report.numTotalTests === 0) throw new Error('jest ran no test');
  }
  if (status !== 0) throw new Error('some tests failed');
}
