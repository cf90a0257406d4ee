// `npm run test:repeat`: hunts flaky tests before CI does. Runs jest several times in a row while
// other processes keep cores busy (as a shared CI machine is), then lists each test that failed
// with the runs it failed in, and the tests that were retried or came close to their time limit.
//   npm run test:repeat -- [--runs N] [--busy-cores N] [jest arguments]
// e.g. npm run test:repeat -- --runs 5 --selectProjects integration e2e
// Exits 1 when any test failed in any run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/repo-root';
import { closeToLimit, describeNote, failuresByTest, failuresOf, retriedTests, seconds, type TestRef, type TimingNote } from './lib/test-report.cjs';
import { ensureBrowserTools, ensureTestServices, runJestOnce } from './lib/test-steps';
import { parseRepeatArgs } from './lib/tool-args';

const say = (msg: string): void => console.log(`[test:repeat] ${msg}`);

/** Processes that each keep one core busy until stopped. */
function busyCores(count: number): () => void {
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => children.forEach((child) => child.kill('SIGKILL'));
}

async function main(): Promise<void> {
  const { runs, busyCores: busy, jestArgs } = parseRepeatArgs(process.argv.slice(2));
  await ensureTestServices(say);
  await ensureBrowserTools(say);
  const { buildAll } = await import('./build');
  await buildAll({ log: say });

  const stopBusy = busyCores(busy);
  process.once('SIGINT', () => {
    stopBusy();
    process.exit(130);
  });
  const failures: TestRef[][] = [];
  const close: (TimingNote & { run: number })[] = [];
  const retried: (TestRef & { tries: number; status: string; run: number })[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      say(`Run ${run} of ${runs}, ${busy} core(s) kept busy: jest ${jestArgs.join(' ')}`);
      const artifacts = path.join(root, '.test-artifacts', 'repeat', `run-${run}`);
      const { status, report, notes } = runJestOnce(root, jestArgs, { reportFile: path.join(artifacts, 'jest-results.json'), timingsDir: path.join(artifacts, 'test-timings') });
      const failed = report ? failuresOf(report, root) : [{ file: '(jest)', title: `exited ${status} without a report` }];
      failures.push(failed);
      close.push(...closeToLimit(notes).map((n) => ({ ...n, run })));
      if (report) retried.push(...retriedTests(report, root).map((r) => ({ ...r, run })));
      say(`Run ${run}: ${report ? `${report.numPassedTests} passed, ${report.numFailedTests} failed` : 'no report'}`);
    }
  } finally {
    stopBusy();
  }

  const byTest = failuresByTest(failures);
  console.log(`\nFailed in ${runs} run(s) with ${busy} core(s) busy: ${byTest.length === 0 ? 'none' : ''}`);
  for (const f of byTest) console.log(`  ${f.runs.length} of ${runs} (run ${f.runs.join(', ')}): ${f.file} › ${f.title}`);
  console.log(`Retried: ${retried.length === 0 ? 'none' : ''}`);
  for (const r of retried) console.log(`  run ${r.run}, ${r.tries} tries, ${r.status}: ${r.file} › ${r.title}`);
  console.log(`Close to their time limit (≥ 50% of it): ${close.length === 0 ? 'none' : ''}`);
  for (const n of close) console.log(`  run ${n.run}, ${seconds(n.ms)} of ${seconds(n.limitMs)}: ${describeNote(n)}`);
  if (byTest.length > 0) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(`[test:repeat] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
