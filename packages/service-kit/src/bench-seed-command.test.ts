import { benchSeedPlanFixture } from '@study/bench-seed/testing';
import type { BenchSeedPlan } from '@study/bench-seed';
import { ConfigError } from './config';
import { benchSeedCommand, type BenchSeedCommand, type BenchSeedIo } from './bench-seed-command';

const PG_ID = '7a2c3b9e-3b4d-4c5e-9f60-000000000001';
const PLAN = JSON.stringify(benchSeedPlanFixture([{ pgId: PG_ID, index: 0, memberId: '30000000' }], new Date('2026-01-02T03:04:05.000Z')));

function io(overrides: Partial<BenchSeedIo> = {}): BenchSeedIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    args: [],
    env: { BENCH_SEED: 'allow' },
    readStdin: async () => PLAN,
    readFile: () => {
      throw new Error('no file expected');
    },
    out: (line) => lines.push(line),
    err: (line) => errors.push(line),
    ...overrides,
    lines,
    errors,
  };
}

function recording(options: readonly string[] = []): BenchSeedCommand & { seen: Array<{ plan: BenchSeedPlan; options: ReadonlyMap<string, string> }> } {
  const seen: Array<{ plan: BenchSeedPlan; options: ReadonlyMap<string, string> }> = [];
  return {
    service: 'svc-test',
    options,
    seen,
    seed: async (plan, given) => {
      seen.push({ plan, options: given });
      return { service: 'svc-test', stored: { things: plan.participants.length } };
    },
  };
}

describe('a bench-seed command', () => {
  it('refuses to run without BENCH_SEED=allow, before reading the plan', async () => {
    const command = recording();
    for (const env of [{}, { BENCH_SEED: '1' }, { BENCH_SEED: 'yes' }]) {
      const proc = io({ env, readStdin: () => Promise.reject(new Error('read')) });
      expect(await benchSeedCommand(command, proc)).toBe(1);
      expect(proc.errors).toEqual([expect.stringMatching(/^svc-test bench-seed: refusing to run: .*BENCH_SEED=allow/)]);
      expect(proc.lines).toEqual([]);
    }
    expect(command.seen).toEqual([]);
  });

  it('reads the plan from stdin, stores it with its instants as dates, and prints one JSON line of what it stored', async () => {
    const command = recording();
    const proc = io();
    expect(await benchSeedCommand(command, proc)).toBe(0);
    expect(proc.lines).toEqual(['{"service":"svc-test","stored":{"things":1}}']);
    expect(proc.errors).toEqual([]);
    const participant = command.seen[0]!.plan.participants[0]!;
    expect(participant.pgId).toBe(PG_ID);
    expect(participant.at.updated).toEqual(new Date('2026-01-02T03:04:03.100Z'));
  });

  it('reads the plan from the file named, and hands it its options', async () => {
    const command = recording(['concurrency']);
    const read: string[] = [];
    const proc = io({
      args: ['plan.json', '--concurrency=8'],
      readStdin: () => Promise.reject(new Error('stdin read')),
      readFile: (file) => {
        read.push(file);
        return PLAN;
      },
    });
    expect(await benchSeedCommand(command, proc)).toBe(0);
    expect(read).toEqual(['plan.json']);
    expect([...command.seen[0]!.options]).toEqual([['concurrency', '8']]);
  });

  it.each([
    [['--fast=1'], 'unknown option --fast (it takes none)'],
    [['-v'], 'unknown argument -v'],
    [['a.json', 'b.json'], 'one plan at a time: a.json and b.json given'],
  ])('refuses the arguments %j', async (args, message) => {
    const command = recording();
    const proc = io({ args, readFile: () => PLAN });
    expect(await benchSeedCommand(command, proc)).toBe(1);
    expect(proc.errors[0]).toContain(message);
    expect(command.seen).toEqual([]);
  });

  it('refuses a plan that is not JSON, or not a plan, naming what is wrong', async () => {
    const notJson = io({ readStdin: async () => '{' });
    expect(await benchSeedCommand(recording(), notJson)).toBe(1);
    expect(notJson.errors[0]).toMatch(/^svc-test bench-seed: the plan \(stdin\) is not JSON/);

    const twice = JSON.parse(PLAN) as { participants: unknown[] };
    const duplicate = io({ readStdin: async () => JSON.stringify({ participants: [twice.participants[0], twice.participants[0]] }) });
    expect(await benchSeedCommand(recording(), duplicate)).toBe(1);
    expect(duplicate.errors[0]).toContain('every participant needs a study ID of their own');

    const badType = io({ readStdin: async () => PLAN.replace('"typeFinder":{"typeCode":"INTJ"}', '"typeFinder":{"typeCode":"XXXX"}') });
    expect(await benchSeedCommand(recording(), badType)).toBe(1);
    expect(badType.errors[0]).toContain('participants[0].typeFinder.typeCode');
  });

  it('says why when the plan file cannot be read, the configuration is wrong or the seeding fails', async () => {
    const missing = io({
      args: ['missing.json'],
      readFile: () => {
        throw new Error('ENOENT: no such file');
      },
    });
    expect(await benchSeedCommand(recording(), missing)).toBe(1);
    expect(missing.errors).toEqual(['svc-test bench-seed: cannot read the plan missing.json: ENOENT: no such file']);

    const config = io();
    const misconfigured: BenchSeedCommand = { service: 'svc-test', seed: () => Promise.reject(new ConfigError(['MONGO_URL: missing'])) };
    expect(await benchSeedCommand(misconfigured, config)).toBe(1);
    expect(config.errors[0]).toBe('svc-test bench-seed: Invalid configuration:\n  - MONGO_URL: missing');

    const failing = io();
    expect(await benchSeedCommand({ service: 'svc-test', seed: () => Promise.reject(new Error('duplicate key')) }, failing)).toBe(1);
    expect(failing.errors[0]).toMatch(/^svc-test bench-seed failed: Error: duplicate key/);
    expect(failing.lines).toEqual([]);
  });
});
