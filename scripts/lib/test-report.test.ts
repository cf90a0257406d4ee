import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeToLimit, failuresByTest, failuresOf, readTimings, retriedTests, summaryLines, type JestReport, type TimingNote } from './test-report.cjs';

const root = '/repo';
const note = (over: Partial<TimingNote>): TimingNote => ({ kind: 'test', title: 'a test', ms: 100, limitMs: 5000, failed: false, file: 'x.test.ts', ...over });

const report: JestReport = {
  testResults: [
    {
      name: '/repo/svc-participants/src/reminders.int.test.ts',
      status: 'failed',
      assertionResults: [
        { ancestorTitles: ['Reminders'], title: 'previews', status: 'failed', invocations: 1 },
        { ancestorTitles: ['Reminders'], title: 'sends', status: 'passed', invocations: 2 },
        { ancestorTitles: ['Reminders'], title: 'counts', status: 'passed' },
      ],
    },
    { name: '/repo/e2e/withdraw.e2e.test.ts', status: 'failed', assertionResults: [] },
    { name: '/repo/gateway/src/app.test.ts', status: 'passed', assertionResults: [{ ancestorTitles: [], title: 'routes', status: 'passed', invocations: 1 }] },
  ],
};

describe('test-report', () => {
  it('names each failed test, and a file that failed outside its tests', () => {
    expect(failuresOf(report, root)).toEqual([
      { file: 'svc-participants/src/reminders.int.test.ts', title: 'Reminders › previews' },
      { file: 'e2e/withdraw.e2e.test.ts', title: '(the file itself: a hook or the suite failed)' },
    ]);
  });

  it('names the tests that needed more than one try', () => {
    expect(retriedTests(report, root)).toEqual([{ file: 'svc-participants/src/reminders.int.test.ts', title: 'Reminders › sends', tries: 2, status: 'passed' }]);
  });

  it('names tests and hooks that took half their limit or more, the closest first', () => {
    const notes = [note({ title: 'fast', ms: 2000 }), note({ title: 'close', ms: 2600 }), note({ kind: 'beforeAll', title: 'set-up', ms: 29_000, limitMs: 30_000 }), note({ title: 'no limit', limitMs: 0 })];
    expect(closeToLimit(notes).map((n) => n.title)).toEqual(['set-up', 'close']);
  });

  it('prints the retried, the close and the slowest in its summary', () => {
    const lines = summaryLines({ report, notes: [note({ title: 'close', ms: 4000, file: 'e2e/a.e2e.test.ts' })], root });
    expect(lines).toEqual([
      'Retried tests (1):',
      '  passed after 2 tries: svc-participants/src/reminders.int.test.ts › Reminders › sends',
      'Close to their time limit (≥ 50% of it) (1):',
      '  4.0 s of 5.0 s: e2e/a.e2e.test.ts › close',
      'Slowest tests:',
      '  4.0 s of 5.0 s: e2e/a.e2e.test.ts › close',
    ]);
    expect(summaryLines({ report: { testResults: [] }, notes: [], root })).toEqual(['Retried tests: none', 'Close to their time limit (≥ 50% of it): none']);
  });

  it('counts over several runs the runs each failing test failed in, the most often first', () => {
    const a = { file: 'a.test.ts', title: 'A' };
    const b = { file: 'b.test.ts', title: 'B' };
    expect(failuresByTest([[a], [], [b, a]])).toEqual([
      { ...a, runs: [1, 3] },
      { ...b, runs: [3] },
    ]);
  });

  it('reads the notes each test file left, with the file relative to the repository', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timings-'));
    try {
      fs.writeFileSync(path.join(dir, '1.json'), JSON.stringify({ testPath: '/repo/e2e/a.e2e.test.ts', notes: [{ kind: 'test', title: 't', ms: 5, limitMs: 10, failed: false }] }));
      expect(readTimings(dir, root)).toEqual([{ kind: 'test', title: 't', ms: 5, limitMs: 10, failed: false, file: 'e2e/a.e2e.test.ts' }]);
      expect(readTimings(path.join(dir, 'none'), root)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
