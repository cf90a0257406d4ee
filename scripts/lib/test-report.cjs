// What a jest run's results say beyond pass and fail: the tests that needed more than one try,
// the tests and hooks that came close to their time limit (from the notes the timed
// environments write), and, over several runs, which tests failed how often.
const fs = require('node:fs');
const path = require('node:path');

/** A test or hook that took at least this share of its limit is named: it is close to failing. */
const CLOSE_TO_LIMIT = 0.5;

/** The notes the timed environments wrote to `dir`, each with its test file relative to `root`. */
function readTimings(dir, root) {
  if (!fs.existsSync(dir)) return [];
  const notes = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const { testPath, notes: fileNotes } = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    const file = path.relative(root, testPath).split(path.sep).join('/');
    for (const note of fileNotes) notes.push({ ...note, file });
  }
  return notes;
}

/** Notes of tests and hooks that took at least `share` of their limit, the closest first. */
function closeToLimit(notes, share = CLOSE_TO_LIMIT) {
  return notes.filter((n) => n.limitMs > 0 && n.ms >= n.limitMs * share).sort((a, b) => b.ms / b.limitMs - a.ms / a.limitMs || b.ms - a.ms);
}

/** The `count` slowest tests (not hooks), slowest first. */
function slowest(notes, count = 5) {
  return notes.filter((n) => n.kind === 'test').sort((a, b) => b.ms - a.ms).slice(0, count);
}

const relative = (root, file) => path.relative(root, file).split(path.sep).join('/');
const fullTitle = (assertion) => [...assertion.ancestorTitles, assertion.title].join(' › ');

/** Tests of a jest --json report that ran more than once (a retry), with how they ended. */
function retriedTests(report, root) {
  const found = [];
  for (const file of report.testResults ?? [])
    for (const assertion of file.assertionResults ?? [])
      if ((assertion.invocations ?? 1) > 1) found.push({ file: relative(root, file.name), title: fullTitle(assertion), tries: assertion.invocations, status: assertion.status });
  return found;
}

/**
 * What failed in a jest --json report: each failed test, and each test file that failed outside
 * its tests (a hook, a crash), as { file, title }.
 */
function failuresOf(report, root) {
  const found = [];
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const assertion of failed) found.push({ file: name, title: fullTitle(assertion) });
    if (file.status === 'failed' && failed.length === 0) found.push({ file: name, title: '(the file itself: a hook or the suite failed)' });
  }
  return found;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const describeNote = (n) => `${n.file} › ${n.kind === 'test' ? '' : `${n.kind} of `}${n.title || '(file)'}`;

/** The lines `npm test` prints after its counts: retried tests, the ones close to their limit, the slowest. */
function summaryLines({ report, notes, root }) {
  const lines = [];
  const retried = report ? retriedTests(report, root) : [];
  lines.push(retried.length === 0 ? 'Retried tests: none' : `Retried tests (${retried.length}):`);
  for (const r of retried) lines.push(`  ${r.status === 'passed' ? 'passed' : 'FAILED'} after ${r.tries} tries: ${r.file} › ${r.title}`);
  const close = closeToLimit(notes);
  lines.push(close.length === 0 ? `Close to their time limit (≥ ${CLOSE_TO_LIMIT * 100}% of it): none` : `Close to their time limit (≥ ${CLOSE_TO_LIMIT * 100}% of it) (${close.length}):`);
  for (const n of close) lines.push(`  ${seconds(n.ms)} of ${seconds(n.limitMs)}${n.failed ? ' (failed)' : ''}: ${describeNote(n)}`);
  const slow = slowest(notes);
  if (slow.length > 0) lines.push('Slowest tests:');
  for (const n of slow) lines.push(`  ${seconds(n.ms)} of ${seconds(n.limitMs)}: ${describeNote(n)}`);
  return lines;
}

/**
 * Over several runs: each test that failed at least once, with the runs it failed in, the most
 * often failing first.
 */
function failuresByTest(runs) {
  const byTest = new Map();
  runs.forEach((failures, run) => {
    for (const f of failures) {
      const key = `${f.file} › ${f.title}`;
      const entry = byTest.get(key) ?? { file: f.file, title: f.title, runs: [] };
      if (!entry.runs.includes(run + 1)) entry.runs.push(run + 1);
      byTest.set(key, entry);
    }
  });
  return [...byTest.values()].sort((a, b) => b.runs.length - a.runs.length || `${a.file}${a.title}`.localeCompare(`${b.file}${b.title}`));
}

module.exports = { CLOSE_TO_LIMIT, readTimings, closeToLimit, slowest, retriedTests, failuresOf, summaryLines, failuresByTest, describeNote, seconds };
