// Jest's environments, each also noting how long every test and hook took against its time
// limit and how often a test was tried, so `npm test` can name the ones close to failing
// (scripts/lib/test-report.cjs reads the notes). Notes go to TEST_TIMINGS_DIR, one file per test
// file; without it nothing is written.
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** "outer › inner › test" for a test or the describe block a hook belongs to (the file's root block has no parent and no title). */
function titleOf(entry) {
  const names = [];
  for (let node = entry; node && node.parent; node = node.parent) names.unshift(node.name);
  return names.join(' › ');
}

/** A subclass of the environment `Base` that notes each test's and hook's time and limit. */
function timedEnvironment(Base) {
  return class TimedEnvironment extends Base {
    constructor(config, context) {
      super(config, context);
      this.timingsDir = process.env.TEST_TIMINGS_DIR;
      this.testPath = context.testPath;
      this.notes = [];
      this.startedAt = new Map();
    }

    async handleTestEvent(event, state) {
      if (super.handleTestEvent) await super.handleTestEvent(event, state);
      if (!this.timingsDir) return;
      const now = Date.now();
      /** A finished hook or test: its time since it started, against its own limit or the file's. */
      const note = (entry, fields) => this.notes.push({ ...fields, ms: now - (this.startedAt.get(entry) ?? now), limitMs: entry.timeout || state.testTimeout, failed: event.name.endsWith('_failure') });
      switch (event.name) {
        case 'hook_start':
          this.startedAt.set(event.hook, now);
          break;
        case 'hook_success':
        case 'hook_failure':
          note(event.hook, { kind: event.hook.type, title: titleOf(event.test ?? event.describeBlock ?? event.hook.parent) });
          break;
        case 'test_fn_start':
          this.startedAt.set(event.test, now);
          break;
        case 'test_fn_success':
        case 'test_fn_failure':
          note(event.test, { kind: 'test', title: titleOf(event.test), attempt: event.test.invocations });
          break;
        default:
      }
    }

    async teardown() {
      if (this.timingsDir && this.notes.length > 0) {
        fs.mkdirSync(this.timingsDir, { recursive: true });
        const file = path.join(this.timingsDir, `${process.pid}-${randomBytes(4).toString('hex')}.json`);
        fs.writeFileSync(file, JSON.stringify({ testPath: this.testPath, notes: this.notes }));
      }
      await super.teardown();
    }
  };
}

module.exports = { timedEnvironment };
