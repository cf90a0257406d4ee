import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const { timedEnvironment } = require('./timed-environment') as {
  timedEnvironment(base: new (...args: unknown[]) => object): new (config: unknown, context: { testPath: string }) => {
    handleTestEvent(event: object, state: object): Promise<void>;
    teardown(): Promise<void>;
  };
};

class FakeBase {
  torn = false;
  async teardown() {
    this.torn = true;
  }
}

describe('timed environment', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timed-env-'));
  const before = process.env.TEST_TIMINGS_DIR;
  afterAll(() => {
    process.env.TEST_TIMINGS_DIR = before;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('notes each test and hook with its title, time, limit and try, and writes them at teardown', async () => {
    process.env.TEST_TIMINGS_DIR = dir;
    const Env = timedEnvironment(FakeBase);
    const env = new Env({}, { testPath: '/repo/a.int.test.ts' });
    const root = { name: 'ROOT_DESCRIBE_BLOCK' };
    const block = { name: 'Reminders', parent: root };
    const test = { name: 'previews', parent: block, timeout: undefined, invocations: 1 };
    const hook = { type: 'beforeAll', parent: block, timeout: 60_000 };
    const state = { testTimeout: 30_000 };
    await env.handleTestEvent({ name: 'hook_start', hook }, state);
    await env.handleTestEvent({ name: 'hook_success', hook, describeBlock: block }, state);
    await env.handleTestEvent({ name: 'test_fn_start', test }, state);
    await env.handleTestEvent({ name: 'test_fn_failure', test }, state);
    await env.teardown();

    const [file] = fs.readdirSync(dir);
    const written = JSON.parse(fs.readFileSync(path.join(dir, file!), 'utf8'));
    expect(written).toEqual({
      testPath: '/repo/a.int.test.ts',
      notes: [
        { kind: 'beforeAll', title: 'Reminders', ms: expect.any(Number), limitMs: 60_000, failed: false },
        { kind: 'test', title: 'Reminders › previews', ms: expect.any(Number), limitMs: 30_000, failed: true, attempt: 1 },
      ],
    });
  });

  it('writes nothing without TEST_TIMINGS_DIR', async () => {
    const filesBefore = fs.readdirSync(dir);
    delete process.env.TEST_TIMINGS_DIR;
    const Env = timedEnvironment(FakeBase);
    const env = new Env({}, { testPath: '/repo/b.test.ts' });
    await env.handleTestEvent({ name: 'test_fn_start', test: { name: 't', parent: { name: 'root' } } }, { testTimeout: 5000 });
    await env.teardown();
    expect(fs.readdirSync(dir)).toEqual(filesBefore);
  });
});
